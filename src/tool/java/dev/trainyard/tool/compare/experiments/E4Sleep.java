package dev.trainyard.tool.compare.experiments;

import static dev.trainyard.tool.compare.experiments.Loads.SLEEP_MS;
import static dev.trainyard.tool.compare.experiments.Loads.levels;
import static dev.trainyard.tool.compare.experiments.Loads.props;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Evidence.Pair;
import dev.trainyard.tool.compare.analysis.Evidence;
import dev.trainyard.tool.compare.analysis.Finding;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.Row;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** E4 sleep: a wait with and without a request thread held, read against Little's limit users / wait (docs/experiments.md). */
final class E4Sleep implements Experiment {

    @Override
    public List<String> plans() {
        return List.of("sleep");
    }

    @Override
    public void cells(String plan, Options o, ThreadModel variant, boolean virtualThreads, List<CellSpec> cells) {
        switch (plan) {
            case "sleep" -> sleep(o, cells);
            default -> throw new IllegalArgumentException("E4Sleep has no plan " + plan);
        }
    }

    @Override
    public void claims(Evidence run, ServerRun where, List<Finding> found) {
        sleep(run, where).ifPresent(found::add);
    }

    /** E4 sleep: a wait with and without a request thread held; Little's limit users / wait. */
    static void sleep(Options o, List<CellSpec> cells) {
        int ms = sleepMs(o);
        // 200 users only match the 200 request threads: the default spends its time past them.
        for (int users : levels(o, new int[] {1000}, new int[] {200, 1000}, new int[] {20})) {
            for (String style : List.of("blocking", "async")) {
                cells.add(new CellSpec("sleep", "sleep.jmx", style, users, 0, props("style", style, "ms", ms),
                        ms / 1000.0, style.equals("blocking") ? Bound.THREADS : Bound.NONE, false, style + "/sleep?ms=" + ms));
            }
        }
    }

    /** How long each request sleeps: the original's 1.5 s in the full run. */
    private static int sleepMs(Options o) {
        return o.full() ? 1500 : SLEEP_MS;
    }

    /** The same waits at a fixed offered rate: what a request waits beyond its sleep, without coordinated omission. */
    @Override
    public void openCells(Options o, List<CellSpec> cells) {
        int ms = sleepMs(o);
        for (String style : List.of("blocking", "async")) {
            cells.add(Loads.open(o, Row.of("sleep"), style, false, style + "/sleep?ms=" + ms));
        }
    }

    /**
     * E4 sleep: the async style serves ~5x the blocking one when users outnumber request threads
     * (the blocking cell's Little limit is then below the async one's); below that, both are level.
     */
    Optional<Finding> sleep(Evidence run, ServerRun where) {
        int users = run.maxUsers(where, "sleep");
        Optional<CellResult> blocking = run.cell(where, "sleep", "blocking", users);
        Optional<CellResult> async = run.cell(where, "sleep", "async", users);
        if (blocking.isEmpty() || async.isEmpty()) {
            return Optional.empty();
        }
        boolean threadsBind = blocking.get().littleLimit() < async.get().littleLimit();
        Pair p = run.pair(where, "sleep", "async", "blocking", users).orElseThrow();
        if (threadsBind) {
            return Optional.of(new Finding("E4 sleep", "async serves well above blocking once the " + users
                    + " users outnumber the request threads (originally ~5x)", where, p.ratio() > 1.5, Evidence.ratioText(p, users)));
        }
        // No thread bound (virtual threads, or users within the pool): blocking is held by nothing but the wait.
        double share = blocking.get().limitShare();
        return Optional.of(new Finding("E4 sleep", "with no request-thread bound below the " + users
                + " users, blocking itself reaches most (70%+) of its Little limit and the original gap closes", where,
                share >= 0.70, String.format(Locale.ROOT, "blocking at %.0f%% of %.0f req/s; async x%.2f", 100 * share,
                        blocking.get().littleLimit(), p.ratio())));
    }
}
