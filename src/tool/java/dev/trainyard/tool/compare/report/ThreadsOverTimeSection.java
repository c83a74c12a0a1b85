package dev.trainyard.tool.compare.report;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.ThreadsOverTime;
import dev.trainyard.tool.compare.probe.ThreadTimeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** E5 threads as the original drew it: one chart per endpoint with a line per server variant, the table beside it, and threads.csv. */
public final class ThreadsOverTimeSection {

    private ThreadsOverTimeSection() {
    }

    /** The charts, one per endpoint, and the table of what each variant served. */
    public static void html(ThreadsOverTime threads, StringBuilder h) {
        List<CellResult> cells = threads.cells();
        if (cells.isEmpty()) {
            return;
        }
        h.append("<h2>E5 threads over time</h2><p>Each server variant's live JVM threads, sampled from /metrics every second ")
                .append("from the cell's start (warm-up included), at the threads plan's highest load. The pools are warm when a ")
                .append("cell starts: a flat line is a bound holding.</p><div class=\"charts\">\n");
        for (String style : cells.stream().map(r -> r.spec().style()).distinct().toList()) {
            SvgChart chart = new SvgChart(style + " @ " + cells.get(0).spec().users() + " - live threads", "seconds", "threads", false);
            cells.stream().filter(r -> r.spec().style().equals(style)).forEach(r -> {
                ThreadTimeline t = r.facts().timeline();
                for (int i = 0; i < t.size(); i++) {
                    chart.add(r.variantName(), Math.round(t.seconds()[i]), t.live()[i], r.failed());
                }
            });
            h.append(chart.svg()).append('\n');
        }
        h.append("</div>\n<table id=\"threads-over-time\"><tr><th class=\"l\">server/variant</th><th class=\"l\">endpoint</th>")
                .append("<th>req/s</th><th>closed-loop p95 ms</th><th>errors</th><th>live threads first</th><th>live threads peak</th>")
                .append("<th>request thread bound</th><th>busy platform / virtual peak</th></tr>\n");
        for (CellResult r : cells) {
            ThreadTimeline t = r.facts().timeline();
            h.append(r.failed() ? "<tr class=\"failed\">" : "<tr>").append("<td class=\"l\">").append(escapeHtml4(r.variantName()))
                    .append("</td><td class=\"l\">").append(escapeHtml4(r.spec().style())).append("</td>")
                    .append(String.format(Locale.ROOT, "<td>%.0f</td><td>%.1f</td><td>%.2f%%</td><td>%.0f</td><td>%.0f</td><td>%s</td><td>%.0f / %.0f</td></tr>%n",
                            r.stats().throughput(), r.stats().p95Ms(), 100 * r.stats().errorRate(), t.live()[0],
                            ThreadsOverTime.peak(t), Double.isNaN(t.requestThreadBound()) ? "none" : String.format(Locale.ROOT, "%.0f", t.requestThreadBound()),
                            r.facts().busyPlatformPeak(), r.facts().busyVirtualPeak()));
        }
        h.append("</table>\n");
    }

    /** Every cell's timeline, one row a second: what the charts draw, for a spreadsheet. */
    public static List<String> csv(List<CellResult> results) {
        List<String> lines = new ArrayList<>();
        lines.add("server,variant,experiment,style,users,second,live_threads,busy_platform,busy_virtual");
        for (CellResult r : results) {
            ThreadTimeline t = r.facts().timeline();
            for (int i = 0; i < t.size(); i++) {
                lines.add(String.join(",", r.server(), r.run().label(), r.spec().experiment(), r.spec().style(),
                        String.valueOf(r.spec().users()), String.format(Locale.ROOT, "%.1f", t.seconds()[i]),
                        String.format(Locale.ROOT, "%.0f", t.live()[i]), String.format(Locale.ROOT, "%.0f", t.busyPlatform()[i]),
                        String.format(Locale.ROOT, "%.0f", t.busyVirtual()[i])));
            }
        }
        return lines;
    }
}
