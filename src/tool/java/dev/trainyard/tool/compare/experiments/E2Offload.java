package dev.trainyard.tool.compare.experiments;

import static dev.trainyard.tool.compare.experiments.Loads.SLEEP_MS;
import static dev.trainyard.tool.compare.experiments.Loads.levels;
import static dev.trainyard.tool.compare.experiments.Loads.props;

import dev.trainyard.tool.compare.analysis.Evidence;
import dev.trainyard.tool.compare.analysis.Finding;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** E2 offload: the blocking sleep handed to executors of three shapes, beside the sync baseline. */
final class E2Offload implements Experiment {

    @Override
    public List<String> plans() {
        return List.of("offload");
    }

    @Override
    public void cells(String plan, Options o, ThreadModel variant, boolean virtualThreads, List<CellSpec> cells) {
        switch (plan) {
            case "offload" -> offload(o, virtualThreads, cells);
            default -> throw new IllegalArgumentException("E2Offload has no plan " + plan);
        }
    }

    @Override
    public void claims(Evidence run, ServerRun where, List<Finding> found) {
        offloadPitfall(run, where).ifPresent(found::add);
    }

    /** E2 offload: the blocking sleep handed to executors of three shapes, beside the sync baseline. */
    static void offload(Options o, boolean virtualThreads, List<CellSpec> cells) {
        // The default: the baseline, the pitfall and the cure; full adds the oversized pool and virtual threads.
        List<String> pools = o.full() || o.smoke() ? List.of("sync", "default", "bounded", "oversized", "virtual")
                : List.of("sync", "default", "bounded");
        for (int users : levels(o, new int[] {200}, new int[] {50, 200, 400}, new int[] {10})) {
            for (String pool : pools) {
                if (pool.equals("virtual") && !virtualThreads) {
                    continue;
                }
                Bound bound = pool.equals("sync") ? Bound.THREADS : Bound.pool(pool);
                cells.add(new CellSpec("offload", "offload.jmx", pool, users, 0, props("pool", pool, "ms", SLEEP_MS),
                        SLEEP_MS / 1000.0, bound, false, pool.equals("sync") ? "blocking/sleep?ms=" + SLEEP_MS
                                : "async/offload/sleep?ms=" + SLEEP_MS + "&pool=" + pool));
            }
        }
    }

    /** E2 offload: the default executor (small, unbounded queue) makes async far slower than sync. */
    Optional<Finding> offloadPitfall(Evidence run, ServerRun where) {
        int users = run.closestUsers(where, "offload", 200);
        return run.pair(where, "offload", "default", "sync", users).map(p -> new Finding("E2 offload",
                "async on the default executor has a far worse p95 than sync at " + users + " users (originally 23x)", where,
                p.challengerP95() > 3 * p.baselineP95(), String.format(Locale.ROOT, "p95 %.0f vs %.0f ms (x%.1f), %.0f vs %.0f req/s",
                        p.challengerP95(), p.baselineP95(), p.challengerP95() / p.baselineP95(), p.challenger(), p.baseline())));
    }
}
