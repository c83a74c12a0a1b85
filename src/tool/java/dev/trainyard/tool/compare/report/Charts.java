package dev.trainyard.tool.compare.report;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.trainyard.tool.compare.analysis.CellResult;
import java.util.List;

/**
 * Per experiment, throughput and p95 against users: a chart per server variant, and a chart per
 * style across them; an experiment measured at one load only has nothing to draw against users,
 * and gets a table of its cells instead.
 */
final class Charts {

    private Charts() {
    }

    static void html(StringBuilder h, List<CellResult> results) {
        List<String> experiments = results.stream().filter(r -> r.spec().users() > 0 && !r.spec().experiment().equals("calibration"))
                .map(r -> r.spec().experiment()).distinct().toList();
        for (String experiment : experiments) {
            List<CellResult> cells = results.stream().filter(r -> r.spec().experiment().equals(experiment)).toList();
            if (cells.stream().mapToInt(r -> r.spec().users()).distinct().count() == 1) {
                table(h, experiment, cells);
                continue;
            }
            h.append("<h2>").append(escapeHtml4(experiment)).append(": throughput and closed-loop p95 against users</h2><div class=\"charts\">\n");
            for (String variant : cells.stream().map(CellResult::variantName).distinct().toList()) {
                SvgChart tput = new SvgChart(variant + " - throughput", "users", "req/s", false);
                SvgChart p95 = new SvgChart(variant + " - p95 latency (closed loop)", "users", "ms (log)", true);
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

    /**
     * The open cells: each work offered at a fixed rate, every style at the same one, each request
     * timed from when it was due; latency per second beside each. Nothing where the run had none.
     */
    static void fixedRate(StringBuilder h, List<CellResult> results) {
        List<CellResult> open = results.stream().filter(r -> r.spec().open()).toList();
        if (open.isEmpty()) {
            return;
        }
        h.append("<h2>Latency at a fixed rate, without coordinated omission</h2><p>Each work offered at a fixed")
                .append(" rate, evenly spaced, the same for every style (the run's facts say which share of which peak); each request")
                .append(" timed from when it was due, so a server or a client that falls behind shows in every request it delays.")
                .append(" A client-bound cell's client fell behind for want of CPU (each arrival is a new JMeter thread and")
                .append(" connection): its lateness is in its figures. One trial each: no verdict rests on these.</p><table class=\"fixed-rate\"><tr><th class=\"l\">server variant</th>")
                .append("<th class=\"l\">work</th><th class=\"l\">style</th><th>offered req/s</th><th>served req/s</th><th>p50 ms</th>")
                .append("<th>p95 ms</th><th>p99 ms</th><th>max ms</th><th>per second (p50 grey, p99 red)</th><th>errors</th>")
                .append("<th>client CPU</th></tr>");
        for (CellResult r : open) {
            h.append("<tr").append(r.failed() ? " class=\"failed\"" : "").append('>').append(Html.td(r.variantName(), true))
                    .append(Html.td(r.spec().experiment(), true)).append(Html.td(r.spec().style(), true))
                    .append(Html.td(String.valueOf(r.spec().rate()), false)).append(Html.td(Html.fmt(r.stats().throughput(), 0), false))
                    .append(Html.td(Html.fmt(r.stats().p50Ms(), 0), false)).append(Html.td(Html.fmt(r.stats().p95Ms(), 0), false))
                    .append(Html.td(Html.fmt(r.stats().p99Ms(), 0), false)).append(Html.td(Html.fmt(r.stats().maxMs(), 0), false))
                    .append("<td>").append(SvgChart.spark(r.stats().overTime())).append("</td>")
                    .append(Html.td(Html.fmt(100 * r.stats().errorRate(), 2) + "%", false))
                    .append(Html.td(Double.isNaN(r.clientCpu()) ? "-" : Html.fmt(100 * r.clientCpu(), 0) + "%"
                            + (r.clientBound() ? " (client-bound)" : ""), false)).append("</tr>");
        }
        h.append("</table>\n");
    }

    /** One load only: each server variant's styles side by side, throughput and p95. */
    private static void table(StringBuilder h, String experiment, List<CellResult> cells) {
        h.append("<h2>").append(escapeHtml4(experiment)).append(" @ ").append(cells.get(0).spec().users())
                .append(" users: throughput and closed-loop p95</h2><table class=\"one-load\"><tr><th class=\"l\">server variant</th>")
                .append("<th class=\"l\">style</th><th>req/s</th><th>p95 ms</th></tr>");
        for (CellResult r : cells) {
            h.append("<tr").append(r.failed() ? " class=\"failed\"" : "").append('>').append(Html.td(r.variantName(), true))
                    .append(Html.td(r.spec().style(), true)).append(Html.td(Html.fmt(r.stats().throughput(), 0), false))
                    .append(Html.td(Html.fmt(r.stats().p95Ms(), 0), false)).append("</tr>");
        }
        h.append("</table>\n");
    }
}
