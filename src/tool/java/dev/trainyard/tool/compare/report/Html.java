package dev.trainyard.tool.compare.report;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import java.util.List;
import java.util.Locale;

/** The report's HTML pieces every section uses: a cell, a number, a titled list. */
final class Html {

    private Html() {
    }

    static String td(String text, boolean left) {
        return (left ? "<td class=\"l\">" : "<td>") + escapeHtml4(text) + "</td>";
    }

    static String fmt(double v, int decimals) {
        return Double.isNaN(v) ? "-" : Double.isInfinite(v) ? "inf" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** A heading, what it lists, and its items (text, escaped); nothing when there are none. */
    static void section(StringBuilder h, String heading, String intro, String id, List<String> items) {
        if (items.isEmpty()) {
            return;
        }
        h.append("<h3>").append(heading).append("</h3><p>").append(escapeHtml4(intro)).append("</p><ul id=\"").append(id).append("\">");
        items.forEach(item -> h.append("<li>").append(escapeHtml4(item)).append("</li>"));
        h.append("</ul>\n");
    }
}
