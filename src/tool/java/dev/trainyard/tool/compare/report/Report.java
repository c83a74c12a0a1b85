package dev.trainyard.tool.compare.report;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.trainyard.tool.compare.analysis.Analysis;
import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Footprint;
import dev.trainyard.tool.compare.gate.Judgement;
import dev.trainyard.tool.compare.gate.RunHeader;
import dev.trainyard.tool.compare.gate.Threshold;
import dev.trainyard.tool.compare.jvm.ThreadModelCost;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The comparison's outputs, from the measured cells: report.html (crossovers, the experiments'
 * findings, charts, every cell), cells.csv, verdicts.csv, summary.json, and a short summary on the console;
 * where asked, each with the run against a baseline and its thresholds checked.
 */
public final class Report {

    /** The load client that measured the cells, as the summary names it. */
    private final String client;
    private final List<String> facts;
    private final Analysis analysis;
    private final List<CellResult> results;
    private final Map<String, String> dashboards;
    private final List<ThreadModelCost.Row> threadCosts;
    private final List<Footprint> footprints;
    private final RunHeader header;
    /** The cells, verdicts and claims of summary.json, which the judgement reads. */
    private final JsonObject measured;
    private final Judgement judgement;

    /**
     * @param baseline the summary of the run to compare with, or null
     * @param thresholds what the run must keep ({@code -Dassert})
     */
    public Report(String client, List<String> facts, RunHeader header, Analysis analysis, Map<String, String> dashboards,
            List<ThreadModelCost.Row> threadCosts, List<Footprint> footprints, JsonObject baseline, List<Threshold> thresholds) {
        this.client = client;
        this.facts = facts;
        this.header = header;
        this.analysis = analysis;
        this.measured = SummaryJson.measured(analysis);
        this.judgement = Judgement.of(measured, baseline, thresholds);
        this.results = analysis.results();
        this.dashboards = dashboards;
        this.threadCosts = threadCosts;
        this.footprints = footprints;
    }

    public void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.write(dir.resolve("cells.csv"), Columns.CELLS.csv(results), StandardCharsets.UTF_8);
        Files.write(dir.resolve("verdicts.csv"), Columns.VERDICTS.csv(analysis.verdicts()), StandardCharsets.UTF_8);
        Files.write(dir.resolve("threads.csv"), ThreadsOverTimeSection.csv(results), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("report.html"), html(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("summary.txt"), summary(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("summary.json"), SummaryJson.text(json(Instant.now())),
                StandardCharsets.UTF_8);
    }

    /** What the console shows at the end: calibration, crossovers, findings, failures; the baseline and thresholds. */
    String summary() {
        StringBuilder text = new StringBuilder(new Summary(client, analysis, threadCosts, footprints).text());
        judgement.lines().forEach(line -> text.append(line).append('\n'));
        return text.toString();
    }

    /** summary.json's content, written at {@code written}. */
    JsonObject json(Instant written) {
        return SummaryJson.of(written, client, facts, header, measured, footprints, judgement);
    }

    /** The run against its baseline and its thresholds, for the exit status. */
    public Judgement judgement() {
        return judgement;
    }

    public void print(PrintStream out, Path dir) {
        out.print(summary());
        out.println("report: " + dir.resolve("report.html").toAbsolutePath());
        out.println("cells:  " + dir.resolve("cells.csv").toAbsolutePath());
    }

    String html() {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Trainyard comparison</title><style>")
                .append("body{font-family:sans-serif;margin:1.5em;max-width:1500px}table{border-collapse:collapse;font-size:12px;margin-bottom:.6em}")
                .append("td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}td.l,th.l{text-align:left}")
                .append("tr.failed{background:#fdd}.charts{display:flex;flex-wrap:wrap;gap:8px}li{margin:.3em 0}")
                .append("td.STRONG{background:#2e7d32;color:#fff}td.CLEAR{background:#66bb6a}td.SLIGHT{background:#c8e6c9}")
                .append("td.TRADE_OFF{outline:2px solid #c62828;outline-offset:-2px}tr.LOWER,tr.FLIPPED{background:#fdd}tr.HIGHER{background:#dfd}li.broken{color:#b00}")
                .append("td.LEVEL{background:#d7e8f7}td.UNDECIDED{background:#e0e0e0;color:#555}td.WITHHELD{background:#ffe082}")
                .append("p.partial{background:#ffe082;padding:6px}nav{margin:.8em 0;line-height:1.5;font-size:14px}table#run th{text-align:left}")
                .append("h1{font-size:1.5em}p.legend{font-size:12px;color:#444}")
                .append("</style></head><body>\n<h1>Trainyard: which style, on which server, with which thread model, wins at which load</h1>\n");
        RunSection.html(h, header, client);
        VerdictMatrix.html(h, analysis, threadCosts, footprints);
        JudgementSection.html(h, judgement);
        h.append("<h2>The run</h2><p>How the run was made, and what it did besides measuring its cells.</p><ul>");
        facts.forEach(f -> h.append("<li>").append(escapeHtml4(f)).append("</li>"));
        h.append("</ul>\n<h2>Crossovers</h2><p>For each server variant, the load at which a style overtakes the blocking ")
                .append("baseline in throughput and stays ahead (").append(escapeHtml4(Summary.tieRule(results))).append(").</p><ul>");
        analysis.crossovers().forEach(c -> h.append("<li>").append(escapeHtml4(c.sentence())).append("</li>"));
        if (!analysis.leanCrossovers().isEmpty()) {
            h.append("</ul><p>The same from the lean cross-check (wrk, same work, users and seconds; it leaves the server ")
                    .append("more of the cores, so CPU-bound styles pull further apart):</p><ul>");
            analysis.leanCrossovers().forEach(c -> h.append("<li>").append(escapeHtml4(c.sentence())).append("</li>"));
        }
        h.append("</ul>\n<h2>The experiments' claims here</h2><p>Each experiment's claim from the paper, checked against this")
                .append(" run's verdicts; in bold where it does not hold here.</p><ul>");
        analysis.findings().forEach(f -> h.append("<li>").append(f.holds() ? "" : "<b>").append(escapeHtml4(f.sentence()))
                .append(f.holds() ? "" : "</b>").append("</li>"));
        h.append("</ul>\n");
        new DriverSquares(results).html(h);
        ThreadsOverTimeSection.html(analysis.threadsOverTime(), h);
        Charts.fixedRate(h, results);
        Charts.html(h, results);
        CellsTable.html(h, results);
        if (!dashboards.isEmpty()) {
            h.append("<h2>JMeter's own dashboards</h2><p>JMeter's HTML dashboard of every cell of each server variant.</p><ul>");
            dashboards.forEach((variant, link) -> h.append("<li><a href=\"").append(escapeHtml4(link)).append("\">")
                    .append(escapeHtml4(variant)).append("</a> (every cell of the variant, in the order run)</li>"));
            h.append("</ul>");
        }
        return Html.contents(h.append("</body></html>\n").toString(), RunSection.CONTENTS);
    }
}
