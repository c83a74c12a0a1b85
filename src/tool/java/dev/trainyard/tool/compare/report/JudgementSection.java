package dev.trainyard.tool.compare.report;

import static dev.trainyard.tool.compare.report.Html.td;
import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.trainyard.tool.compare.gate.Against;
import dev.trainyard.tool.compare.gate.Judgement;
import dev.trainyard.tool.compare.gate.Threshold;
import java.util.List;
import java.util.Locale;

/**
 * The report's part for a pipeline, right under the verdicts: every threshold by its name, held
 * or broken, then the run against its baseline — each verdict, each ranking whose first place moved, and each cell's
 * throughput and p95 beside the baseline's with the ratio, a change beyond noise marked.
 */
final class JudgementSection {

    private JudgementSection() {
    }

    static void html(StringBuilder h, Judgement judgement) {
        if (!judgement.checks().isEmpty()) {
            h.append("<h2>Thresholds</h2><ul id=\"thresholds\">");
            for (Threshold.Check c : judgement.checks()) {
                h.append("<li class=\"").append(c.holds() ? "held" : "broken").append("\">").append(c.holds() ? "" : "<b>")
                        .append(escapeHtml4(c.line())).append(c.holds() ? "" : "</b>").append("</li>");
            }
            h.append("</ul>\n");
        }
        Against against = judgement.against();
        if (against == null) {
            return;
        }
        h.append("<h2>Against the baseline ").append(escapeHtml4(against.baseline())).append("</h2><p>")
                .append(escapeHtml4(against.counts()))
                .append("</p><p>A verdict flipped where both runs told the styles apart. A cell is marked higher or lower where its trials")
                .append(" differ from the baseline's beyond noise (Welch's t on the logarithms, Holm's correction over the cells, ")
                .append(String.format(Locale.ROOT, "%.0f%% family-wise", Against.FAMILY_ERROR * 100))
                .append("); a cell of one trial is untold. A drift of the machine between the two runs moves every cell alike: ")
                .append("where all move one way, suspect the machine before the server.</p>");
        h.append("<h3>Verdicts</h3>");
        changes(h, "baseline-verdicts", "verdict", against.verdicts());
        List<Against.Change> moved = against.rankings().stream().filter(r -> r.change() != Against.VerdictChange.SAME).toList();
        h.append("<h3>Rankings</h3><p>").append(against.rankings().size()).append(" compared by their first place");
        if (moved.isEmpty()) {
            h.append(", every one the same.</p>");
        } else {
            h.append("; the ones that changed:</p>");
            changes(h, "baseline-rankings", "ranking", moved);
        }
        h.append("\n<h3>Cells</h3><p>p95: closed-loop, but an open cell's (req/s offered), from when each request was due.</p>")
                .append("<table id=\"baseline-cells\"><tr><th class=\"l\">cell</th><th>req/s</th><th>baseline</th><th>ratio</th>")
                .append("<th>p95 ms</th><th>baseline</th><th>ratio</th><th class=\"l\">throughput</th></tr>");
        for (Against.Cell c : against.cells()) {
            h.append("<tr class=\"").append(c.change().name()).append("\">").append(td(c.key(), true)).append(td(fmt(c.throughput(), 0), false))
                    .append(td(fmt(c.was(), 0), false)).append(td(fmt(c.ratio(), 3), false)).append(td(fmt(c.p95Ms(), 1), false))
                    .append(td(fmt(c.p95WasMs(), 1), false)).append(td(fmt(c.p95Ratio(), 3), false))
                    .append(td(c.change().name().toLowerCase(Locale.ROOT).replace('_', ' '), true)).append("</tr>");
        }
        h.append("</table>\n");
    }

    /** A table of verdicts or rankings against the baseline: each one's key, what it was and is, and what changed. */
    private static void changes(StringBuilder h, String id, String what, List<Against.Change> changes) {
        h.append("<table id=\"").append(id).append("\"><tr><th class=\"l\">").append(what).append("</th><th class=\"l\">baseline</th>")
                .append("<th class=\"l\">this run</th><th class=\"l\">change</th></tr>");
        for (Against.Change c : changes) {
            h.append("<tr class=\"").append(c.change().name()).append("\">").append(td(c.key(), true))
                    .append(td(c.was() == null ? "-" : c.was(), true)).append(td(c.now() == null ? "-" : c.now(), true))
                    .append(td(c.change().meaning(), true)).append("</tr>");
        }
        h.append("</table>\n");
    }

    private static String fmt(Double v, int decimals) {
        return v == null ? "-" : Html.fmt(v, decimals);
    }
}
