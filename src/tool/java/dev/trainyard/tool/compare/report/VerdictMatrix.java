package dev.trainyard.tool.compare.report;

import static dev.trainyard.tool.compare.report.Html.grouped;
import static dev.trainyard.tool.compare.report.Html.section;
import static dev.trainyard.tool.compare.report.Html.td;
import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.trainyard.tool.compare.analysis.Analysis;
import dev.trainyard.tool.compare.analysis.BestSettings;
import dev.trainyard.tool.compare.analysis.Footprint;
import dev.trainyard.tool.compare.analysis.Rankings;
import dev.trainyard.tool.compare.analysis.Verdicts;
import dev.trainyard.tool.compare.jvm.ThreadModelCost;
import java.util.List;
import java.util.Locale;

/**
 * The answer at a glance, first in the report: the verdict matrix (rows: server variants;
 * columns: experiment x load), what to choose, why, each server at its best, what the protocol
 * costs, the footprint and what each thread model costs.
 */
final class VerdictMatrix {

    /** The Why list's lines shown per server variant before the rest is folded. */
    private static final int WHY_SHOWN = 4;

    private VerdictMatrix() {
    }

    /**
     * Across the matrix's rows: for each experiment, load and style, the server variants fastest
     * first, and each server's virtual threads against its platform threads.
     */
    private static void rankings(StringBuilder h, Rankings rankings) {
        if (rankings.isEmpty()) {
            return;
        }
        h.append("<h3>Rankings</h3><p class=\"legend\">Across the servers: for each experiment, load and style, the server"
                + " variants fastest first; &gt; a lead beyond noise, = level, ? undecided, with the ratio and its interval.</p>")
                .append("<table id=\"rankings\"><tr><th class=\"l\">experiment</th>")
                .append("<th class=\"l\">style</th><th class=\"l\">server variants, fastest first</th></tr>");
        for (Rankings.Ranking r : rankings.rankings()) {
            h.append("<tr>").append(td(r.experiment() + " @" + r.users(), true)).append(td(r.style(), true)).append(td(r.text(), true)).append("</tr>");
        }
        h.append("</table>\n");
        if (!rankings.threadModels().isEmpty()) {
            h.append("<table id=\"thread-models\"><tr><th class=\"l\">server</th><th class=\"l\">experiment</th><th class=\"l\">style</th>")
                    .append("<th class=\"l\">virtual against platform threads</th></tr>");
            for (Rankings.ThreadModels t : rankings.threadModels()) {
                h.append("<tr>").append(td(t.server(), true)).append(td(t.experiment() + " @" + t.users(), true)).append(td(t.style(), true))
                        .append(td(t.gap().text(), true)).append("</tr>");
            }
            h.append("</table>\n");
        }
        h.append("<p class=\"legend\">Rankings: which server variant serves a style the most, and on each server which thread model: ")
                .append("&gt; a lead, = level, ? undecided, each step by the unpaired 95% interval of the two cells' throughput ratio ")
                .append("(Welch's t on the trials' logarithms; the variants ran one after another, so their trials are not paired ")
                .append("and the machine's drift between them is in the interval).</p>\n");
    }

    /** Rows: server variants; columns: experiment x load; each cell the winner and by how much, coloured by strength. */
    static void html(StringBuilder h, Analysis analysis, List<ThreadModelCost.Row> threadCosts, List<Footprint> footprints) {
        List<Verdicts.Verdict> verdicts = analysis.verdicts();
        BestSettings best = analysis.best();
        if (verdicts.isEmpty()) {
            return;
        }
        List<String> columns = verdicts.stream().map(v -> v.experiment() + " @" + v.users()).distinct().toList();
        // The matrix and the rankings first, so that both are on the first screen; how to read them after.
        h.append("<h2>Verdicts</h2><p>The style that serves the most requests per second, per server variant and load, and by how")
                .append(" much; under it, closed-loop p95. How to read it: below the rankings.</p>");
        StringBuilder legend = new StringBuilder();
        legend.append("<p class=\"legend\">Verdicts: which style serves the most requests per second, and how many times the baseline's ")
                .append("(blocking; sync for offload), or, where the baseline wins, the best other style's (")
                .append(escapeHtml4(Summary.tieRule(analysis.results()))).append("). Dark green: 2x or more; green: 1.2x or more; pale: less; ")
                .append(String.format(Locale.ROOT, "blue: level, no lead and every style's interval within %.0f%% of the baseline's; ",
                        Verdicts.LEVEL_BAND * 100))
                .append("grey: undecided, an interval still too wide to tell lead from level; ")
                .append("yellow: no verdict, the load client ran out of CPU. Under each, the two styles' p95 (the ratio's first style first; ")
                .append("closed-loop: each user waits for its answer before the next request, so a stall delays requests rather than ")
                .append("showing in them); a red border: ")
                .append(String.format(Locale.ROOT, "a trade-off, a lead whose p99 is more than %.1f times the other's (and %.0f ms more).</p>\n",
                        Verdicts.TRADE_OFF, Verdicts.TRADE_OFF_FLOOR_MS));
        h.append("<table id=\"verdicts\"><tr><th class=\"l\">server/variant</th>");
        columns.forEach(c -> h.append("<th>").append(escapeHtml4(c)).append("</th>"));
        h.append("</tr>\n");
        for (String variant : verdicts.stream().map(Verdicts.Verdict::variant).distinct().toList()) {
            h.append("<tr>").append(td(variant, true));
            for (String column : columns) {
                Verdicts.Verdict v = verdicts.stream().filter(x -> x.variant().equals(variant)
                        && (x.experiment() + " @" + x.users()).equals(column)).findFirst().orElse(null);
                h.append(v == null ? "<td>-</td>" : "<td class=\"" + v.strength() + (v.tradeOff() ? " TRADE_OFF" : "") + "\">"
                        + escapeHtml4(v.text()) + (v.latency().isEmpty() ? "" : "<br><small>" + escapeHtml4(v.latency()) + "</small>") + "</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");
        rankings(h, analysis.rankings());
        h.append(legend);
        h.append("<h3>What to choose</h3><p>Per server variant, the style that wins each experiment at its highest load.</p><ul>");
        Verdicts.choices(verdicts).forEach((variant, choice) -> h.append("<li><b>").append(escapeHtml4(variant)).append("</b>: ")
                .append(escapeHtml4(choice)).append("</li>"));
        h.append("</ul>\n");
        grouped(h, "Why", "Every cell bound by something other than its own work: where most of the threads doing the "
                + "WAR's work were (sampled late in each trial's warm-up, under the cell's load; means over the samples), "
                + "a bound it reached, a load client out of CPU; per server variant, in the order run.", "why",
                Summary.whyByVariant(analysis.results()), WHY_SHOWN);
        if (!best.isEmpty()) {
            h.append("<h3>Each server at its best</h3><p>The tuning sweep: every server variant started again with each pair of ")
                    .append("request threads and pool size (virtual threads: the pool only), in the same run as the equal settings. ")
                    .append("A best setting's lead counts only where its 95% interval and the equal settings' do not overlap.</p><ul id=\"best\">");
            best.bests().forEach(b -> h.append("<li>").append(escapeHtml4(b.sentence())).append("</li>"));
            h.append("</ul><p>At their best, fastest first (req/s):</p><ul>");
            best.atTheirBest().forEach(l -> h.append("<li>").append(escapeHtml4(l)).append("</li>"));
            h.append("</ul><p>To run a server at its best, in its native files:</p><pre>");
            best.pasteLines().forEach(l -> h.append(escapeHtml4(l)).append('\n'));
            h.append(best.pasteLines().isEmpty() ? "(no setting beat the equal settings beyond noise)" : "").append("</pre>\n");
        }
        section(h, "What the protocol costs", "The same cell of the same server variant over plain HTTP, HTTP/1.1 over TLS "
                + "(https) and HTTP/2 over TLS (h2), in this run, at each experiment's highest load; x: throughput to the first "
                + "protocol's.", "protocols", analysis.protocols().lines());
        FootprintTable.html(h, footprints, analysis.cheapest());
        ThreadCostTable.html(h, threadCosts);
    }
}
