package dev.trainyard.tool.compare.plan;

import dev.trainyard.tool.run.Tuning;
import java.util.ArrayList;
import java.util.List;

/**
 * The tuning sweep's grid (sweep=true): each server variant started again with every pair of
 * request threads and pool size, the equal settings first, so that each server's best is measured
 * in the same run as the comparison it stands beside. Threads bound nothing on virtual threads:
 * there only the pool varies.
 *
 * @param threads request threads to try; empty when there is no sweep
 * @param pools pool sizes to try
 */
public record Sweep(List<Integer> threads, List<Integer> pools) {

    public static final Sweep NONE = new Sweep(List.of(), List.of());

    boolean on() {
        return !threads.isEmpty() || !pools.isEmpty();
    }

    /**
     * The settings a server variant runs with: as configured first, then every other pair, each
     * value equal to the shared file's left as configured (so no pair runs twice).
     */
    List<Tuning> points(boolean threadBound, int configuredThreads, int configuredPool) {
        List<Tuning> points = new ArrayList<>(List.of(Tuning.AS_CONFIGURED));
        List<Integer> threadChoices = threadBound && !threads.isEmpty() ? threads : java.util.Collections.singletonList(null);
        List<Integer> poolChoices = pools.isEmpty() ? java.util.Collections.singletonList(null) : pools;
        for (Integer t : threadChoices) {
            for (Integer p : poolChoices) {
                Tuning point = new Tuning(t == null || t == configuredThreads ? null : t, p == null || p == configuredPool ? null : p);
                if (!points.contains(point)) {
                    points.add(point);
                }
            }
        }
        return points;
    }
}
