package dev.trainyard.tool.compare.report;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.trainyard.tool.compare.analysis.Analysis;
import dev.trainyard.tool.compare.analysis.BestSettings;
import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Crossover;
import dev.trainyard.tool.compare.analysis.Finding;
import dev.trainyard.tool.compare.analysis.Footprint;
import dev.trainyard.tool.compare.analysis.ProtocolCost;
import dev.trainyard.tool.compare.analysis.Reasons;
import dev.trainyard.tool.compare.analysis.ThreadsOverTime;
import dev.trainyard.tool.compare.analysis.Verdicts;
import dev.trainyard.tool.compare.jvm.ThreadModelCost;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.probe.ServerActivity;
import dev.trainyard.tool.compare.probe.ServerWatch;
import dev.trainyard.tool.compare.target.Packaging;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The comparison's outputs, from the measured cells: report.html (crossovers, the experiments'
 * findings, charts, every cell), cells.csv, and a short summary on the console.
 */
public final class Report {

    /** The load client that measured the cells, as the summary names it. */
    private final String client;
    private final List<String> facts;
    private final Analysis analysis;
    private final List<CellResult> results;
    private final List<Crossover> crossovers;
    private final List<Crossover> leanCrossovers;
    private final List<Finding> findings;
    private final Map<String, String> dashboards;
    private final BestSettings best;
    private final ProtocolCost protocols;
    private final List<ThreadModelCost.Row> threadCosts;
    private final List<Footprint> footprints;
    private final ThreadsOverTime threadsOverTime;

    public Report(String client, List<String> facts, Analysis analysis, Map<String, String> dashboards,
            List<ThreadModelCost.Row> threadCosts, List<Footprint> footprints) {
        this.client = client;
        this.facts = facts;
        this.analysis = analysis;
        this.results = analysis.results();
        this.crossovers = analysis.crossovers();
        this.leanCrossovers = analysis.leanCrossovers();
        this.findings = analysis.findings();
        this.dashboards = dashboards;
        this.best = analysis.best();
        this.protocols = analysis.protocols();
        this.threadCosts = threadCosts;
        this.footprints = footprints;
        this.threadsOverTime = analysis.threadsOverTime();
    }

    public void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.write(dir.resolve("cells.csv"), CellsCsv.lines(results), StandardCharsets.UTF_8);
        Files.write(dir.resolve("verdicts.csv"), RunDiff.csv(analysis.verdicts()), StandardCharsets.UTF_8);
        Files.write(dir.resolve("threads.csv"), ThreadsOverTimeSection.csv(results), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("report.html"), html(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("summary.txt"), summary(), StandardCharsets.UTF_8);
    }

    /** What the console shows at the end: calibration, crossovers, findings, failures. */
    String summary() {
        StringBuilder s = new StringBuilder();
        s.append("\n== Trainyard comparison: summary\n");
        for (CellResult r : results) {
            if (r.spec().experiment().equals("calibration")) {
                s.append(String.format(Locale.ROOT, "generator ceiling on %s: %.0f req/s (%s, %d users, /blocking/hello)%n",
                        r.variantName(), r.stats().throughput(), client, r.spec().users()));
            }
        }
        Map<String, String> choices = Verdicts.choices(analysis.verdicts());
        if (!choices.isEmpty()) {
            s.append("\nWhat to choose (each experiment at its highest load):\n");
            choices.forEach((variant, choice) -> s.append("- ").append(variant).append(": ").append(choice).append('\n'));
        }
        List<String> why = why();
        if (!why.isEmpty()) {
            s.append("\nWhy (where the threads were, the bounds reached; cells bound by a pool, a lock, the CPU or a bound):\n");
            why.forEach(w -> s.append("- ").append(w).append('\n'));
        }
        if (!best.isEmpty()) {
            s.append("\nEach server at its best (the tuning sweep; a lead over the equal settings counts where the intervals part):\n");
            best.bests().forEach(b -> s.append("- ").append(b.sentence()).append('\n'));
            s.append("At their best, fastest first (req/s):\n");
            best.atTheirBest().forEach(l -> s.append("- ").append(l).append('\n'));
            List<String> paste = best.pasteLines();
            s.append(paste.isEmpty() ? "No setting beat the equal settings beyond noise: nothing to paste.\n"
                    : "To run a server at its best, in its native files:\n");
            paste.forEach(l -> s.append("- ").append(l).append('\n'));
        }
        if (!protocols.isEmpty()) {
            s.append("\nWhat the protocol costs (the same cell over each protocol, each experiment's highest load; x: to the first):\n");
            protocols.lines().forEach(l -> s.append("- ").append(l).append('\n'));
        }
        if (!threadsOverTime.isEmpty()) {
            s.append("\nE5 threads over time (the threads plan's highest load; live JVM threads from /metrics, one a second):\n");
            threadsOverTime.lines().forEach(l -> s.append("- ").append(l).append('\n'));
        }
        if (!footprints.isEmpty()) {
            s.append("\nFootprint (each server variant: start-up, memory, the CPU a request costs the server):\n");
            footprints.forEach(f -> s.append("- ").append(f.sentence()).append('\n'));
            analysis.cheapest().forEach(c -> s.append("- least CPU per 1,000 requests at ").append(c).append('\n'));
        }
        if (!threadCosts.isEmpty()) {
            s.append("\nWhat each thread model costs (").append(ThreadModelCost.HOLD_USERS)
                    .append(" waiting users' memory; virtual threads pinned to their carriers):\n");
            threadCosts.forEach(c -> s.append("- ").append(c.sentence()).append('\n'));
        }
        s.append("\nCrossovers (throughput; ").append(tieRule()).append("):\n");
        crossovers.forEach(c -> s.append("- ").append(c.sentence()).append('\n'));
        if (crossovers.isEmpty()) {
            s.append("- none: a crossover needs a baseline and a challenger at the same loads\n");
        }
        if (!leanCrossovers.isEmpty()) {
            s.append("\nThe same crossovers from wrk's figures (the lean client leaves the server more of the cores):\n");
            leanCrossovers.forEach(c -> s.append("- ").append(c.sentence()).append('\n'));
        }
        s.append("\nThe experiments' claims on this machine:\n");
        findings.forEach(f -> s.append("- ").append(f.sentence()).append('\n'));
        List<CellResult> checked = results.stream().filter(r -> !Double.isNaN(r.agreement())).toList();
        if (!checked.isEmpty()) {
            long within = checked.stream().filter(r -> Math.abs(r.agreement() - 1) <= 0.10).count();
            s.append(String.format(Locale.ROOT, "%nLean cross-check (wrk, same work, users and seconds): %d of %d cells within 10%% of JMeter; "
                    + "JMeter/wrk from %.2f to %.2f. Below 1, JMeter took cores the server would have used.%n", within, checked.size(),
                    checked.stream().mapToDouble(CellResult::agreement).min().orElse(Double.NaN),
                    checked.stream().mapToDouble(CellResult::agreement).max().orElse(Double.NaN)));
        }
        long failed = results.stream().filter(CellResult::failed).count();
        s.append(String.format("%n%d cells, %d failed%n", results.size(), failed));
        results.stream().filter(CellResult::failed)
                .forEach(r -> s.append("  FAILED ").append(r.variantName()).append(' ').append(r.spec().label()).append(": ").append(r.failure()).append('\n'));
        return s.toString();
    }

    public void print(PrintStream out, Path dir) {
        out.print(summary());
        out.println("report: " + dir.resolve("report.html").toAbsolutePath());
        out.println("cells:  " + dir.resolve("cells.csv").toAbsolutePath());
    }

    String html() {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Trainyard comparison</title><style>")
                .append("body{font-family:sans-serif;margin:1.5em;max-width:1500px}table{border-collapse:collapse;font-size:12px}")
                .append("td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}td.l,th.l{text-align:left}")
                .append("tr.failed{background:#fdd}.charts{display:flex;flex-wrap:wrap;gap:8px}li{margin:.3em 0}")
                .append("td.STRONG{background:#2e7d32;color:#fff}td.CLEAR{background:#66bb6a}td.SLIGHT{background:#c8e6c9}")
                .append("td.TIE{background:#e0e0e0;color:#555}td.WITHHELD{background:#ffe082}")
                .append("</style></head><body>\n<h1>Trainyard: which style, on which server, with which thread model, wins at which load</h1>\n");
        verdictMatrix(h);
        h.append("<h2>The run</h2><ul>");
        facts.forEach(f -> h.append("<li>").append(escapeHtml4(f)).append("</li>"));
        h.append("</ul>\n<h2>Crossovers</h2><p>For each server variant, the load at which a style overtakes the blocking ")
                .append("baseline in throughput and stays ahead (").append(escapeHtml4(tieRule())).append(").</p><ul>");
        crossovers.forEach(c -> h.append("<li>").append(escapeHtml4(c.sentence())).append("</li>"));
        if (!leanCrossovers.isEmpty()) {
            h.append("</ul><p>The same from the lean cross-check (wrk, same work, users and seconds; it leaves the server ")
                    .append("more of the cores, so CPU-bound styles pull further apart):</p><ul>");
            leanCrossovers.forEach(c -> h.append("<li>").append(escapeHtml4(c.sentence())).append("</li>"));
        }
        h.append("</ul>\n<h2>The experiments' claims here</h2><ul>");
        findings.forEach(f -> h.append("<li>").append(f.holds() ? "" : "<b>").append(escapeHtml4(f.sentence()))
                .append(f.holds() ? "" : "</b>").append("</li>"));
        h.append("</ul>\n");
        new DriverSquares(results).html(h);
        ThreadsOverTimeSection.html(threadsOverTime, h);
        charts(h);
        table(h);
        if (!dashboards.isEmpty()) {
            h.append("<h2>JMeter's own dashboards</h2><ul>");
            dashboards.forEach((variant, link) -> h.append("<li><a href=\"").append(escapeHtml4(link)).append("\">")
                    .append(escapeHtml4(variant)).append("</a> (every cell of the variant, in the order run)</li>"));
            h.append("</ul>");
        }
        return h.append("</body></html>\n").toString();
    }

    /** Rows: server variants; columns: experiment x load; each cell the winner and by how much, coloured by strength. */
    private void verdictMatrix(StringBuilder h) {
        List<Verdicts.Verdict> verdicts = analysis.verdicts();
        if (verdicts.isEmpty()) {
            return;
        }
        List<String> columns = verdicts.stream().map(v -> v.experiment() + " @" + v.users()).distinct().toList();
        h.append("<h2>Verdicts</h2><p>Which style serves the most requests per second, and how many times the baseline's ")
                .append("(blocking; sync for offload), or, where the baseline wins, the best other style's (")
                .append(escapeHtml4(tieRule())).append("). Dark green: 2x or more; green: 1.2x or more; pale: less; grey: a tie; ")
                .append("yellow: no verdict, the load client ran out of CPU.</p>")
                .append("<table id=\"verdicts\"><tr><th class=\"l\">server/variant</th>");
        columns.forEach(c -> h.append("<th>").append(escapeHtml4(c)).append("</th>"));
        h.append("</tr>\n");
        for (String variant : verdicts.stream().map(Verdicts.Verdict::variant).distinct().toList()) {
            h.append("<tr>").append(td(variant, true));
            for (String column : columns) {
                Verdicts.Verdict v = verdicts.stream().filter(x -> x.variant().equals(variant)
                        && (x.experiment() + " @" + x.users()).equals(column)).findFirst().orElse(null);
                h.append(v == null ? "<td>-</td>" : "<td class=\"" + v.strength() + "\">" + escapeHtml4(v.text()) + "</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n<h3>What to choose</h3><ul>");
        Verdicts.choices(verdicts).forEach((variant, choice) -> h.append("<li><b>").append(escapeHtml4(variant)).append("</b>: ")
                .append(escapeHtml4(choice)).append("</li>"));
        h.append("</ul>\n");
        section(h, "Why", "Every cell bound by something other than its own work: where most of the threads doing the "
                + "WAR's work were (sampled late in each trial's warm-up, under the cell's load; means over the samples), "
                + "a bound it reached, a load client out of CPU.", "why", why());
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
                + "protocol's.", "protocols", protocols.lines());
        footprint(h);
        threadCosts(h);
    }

    /** A heading, what it lists, and its items (text, escaped); nothing when there are none. */
    private static void section(StringBuilder h, String heading, String intro, String id, List<String> items) {
        if (items.isEmpty()) {
            return;
        }
        h.append("<h3>").append(heading).append("</h3><p>").append(escapeHtml4(intro)).append("</p><ul id=\"").append(id).append("\">");
        items.forEach(item -> h.append("<li>").append(escapeHtml4(item)).append("</li>"));
        h.append("</ul>\n");
    }

    /** What each server variant costs to run, side by side, then each as a sentence. */
    private void footprint(StringBuilder h) {
        if (footprints.isEmpty()) {
            return;
        }
        boolean containers = footprints.stream().anyMatch(f -> f.packaging() != null);
        h.append("<h3>Footprint</h3><p>Each server variant: from its JVM's start (a container's: docker run) to the first 200 of ")
                .append("blocking/hello, its memory idle and at the peak of its cells (the process's resident memory, from /metrics")
                .append(containers ? "; in a container also its control group's peak, page cache included, which its limit holds" : "")
                .append("), and the CPU its process spent per 1,000 requests at the highest load of the entry experiment (every ")
                .append("cell's in the table below).</p><table id=\"footprint\"><tr><th class=\"l\">server variant</th>")
                .append(containers ? "<th class=\"l\">image</th><th>image MiB</th>" : "")
                .append("<th>start-up s</th><th>idle resident MiB</th><th>heap in use MiB</th><th>peak resident MiB</th>")
                .append(containers ? "<th>healthy s</th><th>container peak MiB</th><th class=\"l\">limits</th>" : "")
                .append("<th class=\"l\">CPU per 1,000 requests</th></tr>");
        for (Footprint f : footprints) {
            Packaging p = f.packaging();
            h.append("<tr>").append(td(f.variant(), true));
            if (containers) {
                h.append(td(p == null ? "-" : p.image(), true)).append(td(p == null ? "-" : fmt(p.imageMib(), 0), false));
            }
            h.append(td(fmt(f.readySeconds(), 1), false)).append(td(fmt(f.idleMib(), 0), false)).append(td(fmt(f.heapMib(), 0), false))
                    .append(td(fmt(f.peakMib(), 0), false));
            if (containers) {
                h.append(td(p == null ? "-" : fmt(p.healthySeconds(), 1), false)).append(td(p == null ? "-" : fmt(p.groupPeakMib(), 0), false))
                        .append(td(p == null ? "-"
                        : (p.cpuset() == null ? "not pinned" : "cpuset " + p.cpuset()) + ", memory " + p.memoryLimit(), true));
            }
            h.append(td(f.cpuMsPer1000().isEmpty() ? "-" : f.experiment() + " @ " + f.users() + ": " + f.cpu(), true)).append("</tr>");
        }
        h.append("</table><ul id=\"footprint-sentences\">");
        footprints.forEach(f -> h.append("<li>").append(escapeHtml4(f.sentence())).append("</li>"));
        h.append("</ul>\n");
        List<String> cheapest = analysis.cheapest();
        if (!cheapest.isEmpty()) {
            h.append("<p>Least server CPU per 1,000 requests, each variant with its cheapest style:</p><ul id=\"cheapest\">");
            cheapest.forEach(c -> h.append("<li>").append(escapeHtml4(c)).append("</li>"));
            h.append("</ul>\n");
        }
    }

    /** Memory per waiting request and pinned carriers, a row per server variant. */
    private void threadCosts(StringBuilder h) {
        if (threadCosts.isEmpty()) {
            return;
        }
        h.append("<h3>What each thread model costs</h3><p>").append(ThreadModelCost.HOLD_USERS)
                .append(" users held on the blocking sleep after the variant's cells: how many were inside the WAR at once (the others ")
                .append("wait at the connector for a request thread), the live heap they added (after a full collection) and the resident ")
                .append("memory they added, per user held; one reading each, so compare rows of one run; ")
                .append("and every jdk.VirtualThreadPinned event JFR recorded over all the variant's cells (a virtual thread that ")
                .append("blocked holding its carrier), by the first frame outside the JDK.</p><table id=\"thread-cost\"><tr>")
                .append("<th class=\"l\">server variant</th><th>inside the WAR</th><th>live heap per user (KiB)</th>")
                .append("<th>resident per user (KiB)</th><th class=\"l\">live heap that grew most</th><th>pinned events</th>")
                .append("<th class=\"l\">where pinned</th></tr>");
        for (ThreadModelCost.Row c : threadCosts) {
            h.append("<tr>").append(td(c.variant(), true));
            if (c.failure() != null) {
                h.append("<td class=\"l\" colspan=\"6\">not measured: ").append(escapeHtml4(c.failure())).append("</td></tr>");
                continue;
            }
            h.append(td(fmt(c.held().inWar(), 0), false)).append(td(fmt(c.held().heapPerUserKib(), 1), false))
                    .append(td(fmt(c.held().rssPerUserKib(), 1), false)).append(td(String.join(", ", c.held().grew()), true))
                    .append(td(c.pinned() == null ? "no virtual threads" : Integer.toString(c.pinned().count()), false))
                    .append(td(c.pinned() == null || c.pinned().count() == 0 ? "" : String.join("; ", c.pinned().bySite().keySet()), true))
                    .append("</tr>");
        }
        h.append("</table>\n");
    }

    /** One sentence per cell that something bound, in the order run. */
    private List<String> why() {
        return results.stream().filter(r -> !r.spec().calibration()).map(Reasons::sentence).filter(java.util.Objects::nonNull).toList();
    }

    private void charts(StringBuilder h) {
        List<String> experiments = results.stream().filter(r -> r.spec().users() > 0 && !r.spec().experiment().equals("calibration"))
                .map(r -> r.spec().experiment()).distinct().toList();
        for (String experiment : experiments) {
            List<CellResult> cells = results.stream().filter(r -> r.spec().experiment().equals(experiment)).toList();
            h.append("<h2>").append(escapeHtml4(experiment)).append(": throughput and p95 against users</h2><div class=\"charts\">\n");
            for (String variant : cells.stream().map(CellResult::variantName).distinct().toList()) {
                SvgChart tput = new SvgChart(variant + " - throughput", "users", "req/s", false);
                SvgChart p95 = new SvgChart(variant + " - p95 latency", "users", "ms (log)", true);
                for (CellResult r : cells) {
                    if (r.variantName().equals(variant)) {
                        tput.add(r.spec().style(), r.spec().users(), r.stats().throughput(), r.failed(), r.trials());
                        p95.add(r.spec().style(), r.spec().users(), r.stats().p95Ms(), r.failed());
                    }
                }
                // A chart with nothing to draw (every p95 under JMeter's 1 ms on a log axis) is left out, not drawn empty.
                for (SvgChart chart : List.of(tput, p95)) {
                    if (!chart.isEmpty()) {
                        h.append(chart.svg());
                    }
                }
                h.append('\n');
            }
            for (String style : cells.stream().map(r -> r.spec().style()).distinct().toList()) {
                SvgChart byServer = new SvgChart(style + " on every server variant", "users", "req/s", false);
                cells.stream().filter(r -> r.spec().style().equals(style))
                        .forEach(r -> byServer.add(r.variantName(), r.spec().users(), r.stats().throughput(), r.failed(), r.trials()));
                if (!byServer.isEmpty()) {
                    h.append(byServer.svg()).append('\n');
                }
            }
            h.append("</div>\n");
        }
    }

    /** How a lead is told from noise: by the trials' intervals where the cells have them, else by the margin. */
    private String tieRule() {
        boolean intervals = results.stream().anyMatch(r -> r.trials() != null && r.trials().known());
        return intervals ? "medians of the trials; a lead counts only where the 95% interval of the ratio over the paired trials excludes 1, otherwise a tie within noise"
                : "one trial a cell; a lead under " + (int) (Crossover.MARGIN * 100) + "% counts as a tie, this machine's run-to-run noise";
    }

    private void table(StringBuilder h) {
        h.append("<h2>Every cell</h2><p>Steady state only (warm-up cut). Throughput counts successful answers; ")
                .append("the limit is Little's law (concurrent requests / service time) where the work has a fixed length; ")
                .append("server columns are peaks sampled from /metrics every ").append(ServerWatch.EVERY_MS).append(" ms.</p>")
                .append("<table><tr><th class=\"l\">server/variant</th><th class=\"l\">experiment</th><th class=\"l\">style</th>")
                .append("<th>load</th><th>req/s</th><th>limit</th><th>% limit</th><th>p50 ms</th><th>p95 ms</th><th>p99 ms</th>")
                .append("<th>max ms</th><th>errors</th><th>platform threads</th><th>busy platform / virtual</th><th>queue</th>")
                .append("<th>mean batch</th><th>trips/req</th><th class=\"l\">audit</th><th class=\"l\">status</th>")
                .append("<th>wrk req/s</th><th>JMeter / wrk</th><th>client CPU</th><th class=\"l\">where the threads were</th>")
                .append("<th>server RSS peak MiB</th><th>server CPU ms / 1,000 req</th><th>results</th></tr>\n");
        for (CellResult r : results) {
            CellStats s = r.stats();
            ServerActivity f = r.facts();
            h.append(r.failed() ? "<tr class=\"failed\">" : "<tr>")
                    .append(td(r.variantName(), true)).append(td(r.spec().experiment(), true)).append(td(r.spec().style(), true))
                    .append(td(r.spec().load(), false))
                    .append(td(r.trials() != null && r.trials().known() ? r.trials().toString() : fmt(s.throughput(), 1), false)).append(td(fmt(r.littleLimit(), 0), false))
                    .append(td(Double.isNaN(r.limitShare()) ? "-" : fmt(100 * r.limitShare(), 1) + "%", false))
                    .append(td(fmt(s.p50Ms(), 0), false)).append(td(fmt(s.p95Ms(), 0), false)).append(td(fmt(s.p99Ms(), 0), false))
                    .append(td(fmt(s.maxMs(), 0), false)).append(td(fmt(100 * s.errorRate(), 2) + "%", false))
                    .append(td(fmt(f.platformThreadsPeak(), 0), false))
                    .append(td(fmt(f.busyPlatformPeak(), 0) + " / " + fmt(f.busyVirtualPeak(), 0), false))
                    .append(td(fmt(f.queuePeak(), 0), false)).append(td(fmt(f.meanBatch(), 1), false))
                    .append(td(fmt(r.tripsPerRequest(), 3), false))
                    .append(td(r.audit() == null ? "" : r.audit().describe(), true))
                    .append(td(r.failed() ? "FAILED: " + r.failure() : "ok", true))
                    .append(td(r.lean() == null ? "-" : fmt(r.lean().throughput(), 1), false)).append(td(fmt(r.agreement(), 2), false))
                    .append(td(Double.isNaN(r.clientCpu()) ? "-" : fmt(100 * r.clientCpu(), 0) + "%" + (r.clientBound() ? " (client-bound)" : ""), false))
                    .append(td(f.waits().describe() + (f.poolWaiting() >= 0.5
                            ? String.format(Locale.ROOT, "%s%.0f waiting for a connection (mean)", f.waits().samples() > 0 ? "; " : "", f.poolWaiting())
                            : ""), true))
                    .append(td(fmt(f.residentPeakBytes() / 1048576, 0), false)).append(td(fmt(r.cpuMsPer1000(), 0), false))
                    .append(r.results() == null ? "<td>-</td>"
                            : "<td><a href=\"" + escapeHtml4(r.results().toString()) + "\">jtl</a></td>").append("</tr>\n");
        }
        h.append("</table>\n");
    }

    private static String td(String text, boolean left) {
        return (left ? "<td class=\"l\">" : "<td>") + escapeHtml4(text) + "</td>";
    }

    private static String fmt(double v, int decimals) {
        return Double.isNaN(v) ? "-" : Double.isInfinite(v) ? "inf" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
