package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.probe.ThreadTimeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * E5 threads as the original drew it: each server variant's live threads second by second under
 * the threads plan's highest load beside the throughput, latency and errors they served, and
 * the claims read from those lines ({@link ThreadsOverTimeSection} draws them).
 */
public final class ThreadsOverTime {

    static final String EXPERIMENT = "threads";

    private final List<CellResult> cells;

    public ThreadsOverTime(List<CellResult> results) {
        int users = results.stream().filter(r -> r.spec().experiment().equals(EXPERIMENT))
                .mapToInt(r -> r.spec().users()).max().orElse(0);
        this.cells = results.stream().filter(r -> r.spec().experiment().equals(EXPERIMENT) && r.spec().users() == users
                && r.facts().timeline().size() > 0).toList();
    }

    public boolean isEmpty() {
        return cells.isEmpty();
    }

    /** One line per cell: what it served, and its live threads each second. */
    public List<String> lines() {
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
    public List<Finding> findings() {
        List<Finding> found = new ArrayList<>();
        for (CellResult platform : cells) {
            if (platform.run().variant() != ThreadModel.PLATFORM) {
                continue;
            }
            String where = platform.variantName();
            ThreadTimeline p = platform.facts().timeline();
            String users = platform.spec().users() + " connections";
            if (!Double.isNaN(p.requestThreadBound())) {
                found.add(new Finding("E5 threads", "platform threads grow only to their bound of "
                        + String.format(Locale.ROOT, "%.0f", p.requestThreadBound()) + " under " + users
                        + " (originally to 2,252, with errors)", where + " " + platform.spec().style(),
                        p.growth() <= p.requestThreadBound(), grew(platform)));
            }
            ServerRun virtualRun = platform.run().on(ThreadModel.VIRTUAL);
            Optional<CellResult> virtual = cells.stream().filter(r -> r.run().equals(virtualRun)
                    && r.spec().style().equals(platform.spec().style())).findFirst();
            virtual.ifPresent(v -> found.add(new Finding("E5 threads", "virtual threads serve " + users
                    + " on fewer platform threads than platform threads do, without more errors",
                    virtualRun.name() + " " + platform.spec().style(),
                    peak(v.facts().timeline()) < peak(p) && v.stats().errorRate() <= platform.stats().errorRate(),
                    "virtual: " + grew(v) + "; platform: " + grew(platform))));
        }
        return found;
    }

    /** The cells at the threads plan's highest load that have a timeline, in the order they ran. */
    public List<CellResult> cells() {
        return cells;
    }

    /** The most live threads a timeline reached. */
    public static double peak(ThreadTimeline t) {
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
