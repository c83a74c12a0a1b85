package dev.trainyard.tool.compare.report;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    /**
     * The page with an id on every section heading and, where {@code marker} stands, a list of
     * links to them: the contents, from the headings the page really has.
     */
    static String contents(String page, String marker) {
        Matcher m = Pattern.compile("<h2>(.*?)</h2>").matcher(page);
        StringBuilder out = new StringBuilder();
        List<String> links = new ArrayList<>();
        while (m.find()) {
            String id = "s" + (links.size() + 1);
            links.add("<a href=\"#" + id + "\">" + m.group(1) + "</a>");
            m.appendReplacement(out, Matcher.quoteReplacement("<h2 id=\"" + id + "\">" + m.group(1) + "</h2>"));
        }
        m.appendTail(out);
        return out.toString().replace(marker, links.isEmpty() ? "" : "<nav id=\"contents\">" + String.join(" &middot; ", links) + "</nav>");
    }

    /**
     * A heading, what it lists, and its items grouped (text, escaped): each group's first
     * {@code shown} items, the rest folded under them; nothing when there are none.
     */
    static void grouped(StringBuilder h, String heading, String intro, String id, Map<String, List<String>> groups, int shown) {
        if (groups.isEmpty()) {
            return;
        }
        h.append("<h3>").append(heading).append("</h3><p>").append(escapeHtml4(intro)).append("</p><div id=\"").append(id).append("\">");
        groups.forEach((group, items) -> {
            h.append("<p><b>").append(escapeHtml4(group)).append("</b> (").append(items.size()).append(")</p><ul>");
            items.stream().limit(shown).forEach(item -> h.append("<li>").append(escapeHtml4(item)).append("</li>"));
            h.append("</ul>");
            if (items.size() > shown) {
                h.append("<details><summary>").append(items.size() - shown).append(" more</summary><ul>");
                items.stream().skip(shown).forEach(item -> h.append("<li>").append(escapeHtml4(item)).append("</li>"));
                h.append("</ul></details>");
            }
        });
        h.append("</div>\n");
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
