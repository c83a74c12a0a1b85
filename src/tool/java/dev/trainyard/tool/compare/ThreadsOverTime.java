package dev.trainyard.tool.compare;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * E5 threads as the original drew it: each server variant's live threads second by second under
 * the threads plan's highest load, one chart per endpoint with a line per variant, beside the
 * throughput, latency and errors they served; and the claims read from those lines.
 */
final class ThreadsOverTime {

    static final String EXPERIMENT = "threads";

    private final List<CellResult> cells;

    ThreadsOverTime(List<CellResult> results) {
        int users = results.stream().filter(r -> r.spec().experiment().equals(EXPERIMENT))
                .mapToInt(r -> r.spec().users()).max().orElse(0);
        this.cells = results.stream().filter(r -> r.spec().experiment().equals(EXPERIMENT) && r.spec().users() == users
                && r.facts().timeline().size() > 0).toList();
    }

    boolean isEmpty() {
        return cells.isEmpty();
    }

    /** One line per cell: what it served, and its live threads each second. */
    List<String> lines() {
        return cells.stream().map(r -> String.format(Locale.ROOT, "%s %s @ %d: %s; live threads each second: %s",
                r.variantName(), r.spec().style(), r.spec().users(), served(r), r.facts().timeline().liveLine())).toList();
    }

    /**
     * The claims, per server and protocol with both thread models measured: platform threads grow
     * to their bound at most (originally to 2,252, with errors), and virtual threads serve the same
     * connections on fewer platform threads than the platform variant holds. The pools are warm when
     * a cell starts (the server's warm-up and earlier cells grew them), so a line that stays flat
     * is a bound holding, and a count a virtual variant keeps is the platform threads it still runs.
     */
    List<Findings.Finding> findings() {
        List<Findings.Finding> found = new ArrayList<>();
        for (CellResult platform : cells) {
            String where = platform.variantName();
            int slash = where.indexOf("/platform");
            if (slash < 0) {
                continue;
            }
            ThreadTimeline p = platform.facts().timeline();
            String users = platform.spec().users() + " connections";
            if (!Double.isNaN(p.requestThreadBound())) {
                found.add(new Findings.Finding("E5 threads", "platform threads grow only to their bound of "
                        + String.format(Locale.ROOT, "%.0f", p.requestThreadBound()) + " under " + users
                        + " (originally to 2,252, with errors)", where + " " + platform.spec().style(),
                        p.growth() <= p.requestThreadBound(), grew(platform)));
            }
            String virtualName = where.substring(0, slash) + "/virtual" + where.substring(slash + "/platform".length());
            Optional<CellResult> virtual = cells.stream().filter(r -> r.variantName().equals(virtualName)
                    && r.spec().style().equals(platform.spec().style())).findFirst();
            virtual.ifPresent(v -> found.add(new Findings.Finding("E5 threads", "virtual threads serve " + users
                    + " on fewer platform threads than platform threads do, without more errors",
                    virtualName + " " + platform.spec().style(),
                    peak(v.facts().timeline()) < peak(p) && v.stats().errorRate() <= platform.stats().errorRate(),
                    "virtual: " + grew(v) + "; platform: " + grew(platform))));
        }
        return found;
    }

    /** The charts, one per endpoint, and the table of what each variant served. */
    void html(StringBuilder h) {
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
                .append("<th>req/s</th><th>p95 ms</th><th>errors</th><th>live threads first</th><th>live threads peak</th>")
                .append("<th>request thread bound</th><th>busy platform / virtual peak</th></tr>\n");
        for (CellResult r : cells) {
            ThreadTimeline t = r.facts().timeline();
            h.append(r.failed() ? "<tr class=\"failed\">" : "<tr>").append("<td class=\"l\">").append(escapeHtml4(r.variantName()))
                    .append("</td><td class=\"l\">").append(escapeHtml4(r.spec().style())).append("</td>")
                    .append(String.format(Locale.ROOT, "<td>%.0f</td><td>%.1f</td><td>%.2f%%</td><td>%.0f</td><td>%.0f</td><td>%s</td><td>%.0f / %.0f</td></tr>%n",
                            r.stats().throughput(), r.stats().p95Ms(), 100 * r.stats().errorRate(), t.live()[0],
                            peak(t), Double.isNaN(t.requestThreadBound()) ? "none" : String.format(Locale.ROOT, "%.0f", t.requestThreadBound()),
                            r.facts().busyPlatformPeak(), r.facts().busyVirtualPeak()));
        }
        h.append("</table>\n");
    }

    /** Every cell's timeline, one row a second: what the charts draw, for a spreadsheet. */
    static List<String> csv(List<CellResult> results) {
        List<String> lines = new ArrayList<>();
        lines.add("server,variant,experiment,style,users,second,live_threads,busy_platform,busy_virtual");
        for (CellResult r : results) {
            ThreadTimeline t = r.facts().timeline();
            for (int i = 0; i < t.size(); i++) {
                lines.add(String.join(",", r.server(), r.variant(), r.spec().experiment(), r.spec().style(),
                        String.valueOf(r.spec().users()), String.format(Locale.ROOT, "%.1f", t.seconds()[i]),
                        String.format(Locale.ROOT, "%.0f", t.live()[i]), String.format(Locale.ROOT, "%.0f", t.busyPlatform()[i]),
                        String.format(Locale.ROOT, "%.0f", t.busyVirtual()[i])));
            }
        }
        return lines;
    }

    private static double peak(ThreadTimeline t) {
        return t.live()[0] + t.growth();
    }

    private static String served(CellResult r) {
        CellStats s = r.stats();
        return String.format(Locale.ROOT, "%.0f req/s, p95 %.1f ms, %.2f%% errors", s.throughput(), s.p95Ms(), 100 * s.errorRate())
                + (s.shed() > 0 ? String.format(Locale.ROOT, " (%.2f%% shed with 503)", 100.0 * s.shed() / s.samples()) : "");
    }

    private static String grew(CellResult r) {
        ThreadTimeline t = r.facts().timeline();
        return String.format(Locale.ROOT, "live threads %.0f to %.0f (+%.0f), %s", t.live()[0], peak(t), t.growth(), served(r));
    }
}
