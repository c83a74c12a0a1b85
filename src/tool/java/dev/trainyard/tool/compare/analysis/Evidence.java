package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.ServerRun;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A run's cells as the experiments' claims read them: a cell by server variant, row, style and
 * load; the loads a row was measured at; two cells paired at one load, a lead judged as the
 * crossovers judge it.
 */
public record Evidence(List<CellResult> results) {

    /** Two styles' cells at one load; a lead is judged as the crossovers judge it (intervals, else the margin). */
    public record Pair(double challenger, double baseline, double challengerMean, double baselineMean,
            double challengerP95, double baselineP95, Crossover.Point point) {
        public double ratio() {
            return baseline == 0 ? Double.POSITIVE_INFINITY : challenger / baseline;
        }

        public boolean ahead() {
            return point.ahead();
        }

        public boolean behind() {
            return point.behind();
        }
    }

    public Optional<Pair> pair(ServerRun where, String experiment, String challenger, String baseline, int users) {
        return pair(where, experiment, challenger, experiment, baseline, users);
    }

    /** Two cells of different rows at one load (the driver axis: "store s2 r2dbc" async against "store s2" blocking). */
    public Optional<Pair> pair(ServerRun where, String challengerExperiment, String challenger, String baselineExperiment, String baseline,
            int users) {
        Optional<CellResult> c = cell(where, challengerExperiment, challenger, users);
        Optional<CellResult> b = cell(where, baselineExperiment, baseline, users);
        if (c.isEmpty() || b.isEmpty()) {
            return Optional.empty();
        }
        CellStats cs = c.get().stats();
        CellStats bs = b.get().stats();
        return Optional.of(new Pair(cs.throughput(), bs.throughput(), cs.meanMs(), bs.meanMs(), cs.p95Ms(), bs.p95Ms(),
                Crossover.Point.of(users, b.get(), c.get())));
    }

    public Optional<CellResult> cell(ServerRun where, String experiment, String style, int users) {
        return results.stream().filter(r -> r.run().equals(where) && r.spec().experiment().equals(experiment)
                && r.spec().style().equals(style) && r.spec().users() == users).findFirst();
    }

    public List<Integer> levels(ServerRun where, String experiment) {
        return results.stream().filter(r -> r.run().equals(where) && r.spec().experiment().equals(experiment))
                .map(r -> r.spec().users()).distinct().sorted().collect(Collectors.toList());
    }

    public int maxUsers(ServerRun where, String experiment) {
        return levels(where, experiment).stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    public int minUsers(ServerRun where, String experiment) {
        return levels(where, experiment).stream().mapToInt(Integer::intValue).min().orElse(Integer.MAX_VALUE);
    }

    public int closestUsers(ServerRun where, String experiment, int wanted) {
        return levels(where, experiment).stream().min((a, b) -> Integer.compare(Math.abs(a - wanted), Math.abs(b - wanted))).orElse(0);
    }

    public static String ratioText(Pair p, int users) {
        return String.format(Locale.ROOT, "x%.2f at %d users: %.0f vs %.0f req/s, p95 %.0f vs %.0f ms",
                p.ratio(), users, p.challenger(), p.baseline(), p.challengerP95(), p.baselineP95());
    }
}
