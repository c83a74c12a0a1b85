package dev.trainyard.tool.compare.report;

import static dev.trainyard.tool.compare.report.Html.fmt;
import static dev.trainyard.tool.compare.report.Html.td;
import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.probe.ServerActivity;
import dev.trainyard.tool.compare.probe.ServerWatch;
import java.util.List;
import java.util.Locale;

/** Every cell, one row each, as measured: the report's table and the same columns cells.csv has in figures. */
final class CellsTable {

    /** What every latency in the report is timed from: the closed cells' hide stalls, the open cells' do not. */
    static final String LATENCY = "Latencies of a closed cell (a load in users) are closed-loop: each user sends its next request"
            + " only after its last answer, and each answer is timed from its own send, so a stall delays the requests that would"
            + " have met it and none of them records the wait (coordinated omission); they understate what a steady stream of"
            + " clients sees. An open cell (req/s offered) times each request from when its schedule had it due.";

    private CellsTable() {
    }

    static void html(StringBuilder h, List<CellResult> results) {
        h.append("<h2>Every cell</h2><p>Steady state only (warm-up cut). Throughput counts successful answers; ")
                .append("the limit is Little's law (concurrent requests / service time) where the work has a fixed length; ")
                .append("server columns are peaks sampled from /metrics every ").append(ServerWatch.EVERY_MS).append(" ms. ")
                .append(LATENCY).append("</p>")
                .append("<table><tr><th class=\"l\">server/variant</th><th class=\"l\">experiment</th><th class=\"l\">style</th>")
                .append("<th>load</th><th>req/s</th><th>limit</th><th>% limit</th><th>p50 ms</th><th>p95 ms</th><th>p99 ms</th>")
                .append("<th>max ms</th><th>latency per second (p50 grey, p99 red)</th><th>errors</th><th>platform threads</th><th>busy platform / virtual</th><th>queue</th>")
                .append("<th>mean batch</th><th>trips/req</th><th class=\"l\">audit</th><th class=\"l\">status</th>")
                .append("<th>wrk req/s</th><th>JMeter / wrk</th><th>client, its CPU</th><th class=\"l\">where the threads were</th>")
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
                    .append(td(fmt(s.maxMs(), 0), false)).append("<td>").append(SvgChart.spark(s.overTime())).append("</td>")
                    .append(td(fmt(100 * s.errorRate(), 2) + "%", false))
                    .append(td(fmt(f.platformThreadsPeak(), 0), false))
                    .append(td(fmt(f.busyPlatformPeak(), 0) + " / " + fmt(f.busyVirtualPeak(), 0), false))
                    .append(td(fmt(f.queuePeak(), 0), false)).append(td(fmt(f.meanBatch(), 1), false))
                    .append(td(fmt(r.tripsPerRequest(), 3), false))
                    .append(td(r.audit() == null ? "" : r.audit().describe(), true))
                    .append(td(r.failed() ? "FAILED: " + r.failure() : "ok", true))
                    .append(td(r.lean() == null ? "-" : fmt(r.lean().throughput(), 1), false)).append(td(fmt(r.agreement(), 2), false))
                    .append(td((r.client() == null ? "" : r.client() + " ")
                            + (Double.isNaN(r.clientCpu()) ? "-" : fmt(100 * r.clientCpu(), 0) + "%" + (r.clientBound() ? " (client-bound)" : "")), false))
                    .append(td(f.waits().describe() + (f.poolWaiting() >= 0.5
                            ? String.format(Locale.ROOT, "%s%.0f waiting for a connection (mean)", f.waits().samples() > 0 ? "; " : "", f.poolWaiting())
                            : ""), true))
                    .append(td(fmt(f.residentPeakBytes() / 1048576, 0), false)).append(td(fmt(r.cpuMsPer1000(), 0), false))
                    .append(r.results() == null ? "<td>-</td>"
                            : "<td><a href=\"" + escapeHtml4(r.results().toString()) + "\">jtl</a></td>").append("</tr>\n");
        }
        h.append("</table>\n");
    }
}
