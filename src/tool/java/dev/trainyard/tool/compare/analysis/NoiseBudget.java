package dev.trainyard.tool.compare.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

/**
 * Where the trials' spread comes from: how far each trial's throughput lies from its cell's
 * other trials (on the log scale, so a tenth is a tenth at any rate), and how much of that each
 * suspect recorded beside the trial explains (the share of the variance a straight line on it
 * accounts for, both taken as deviations from their cell's mean), alone and all together (least
 * squares on every suspect at once). What no suspect explains is the machine's and the servers'
 * own variation, or a cause not recorded. A suspect's share says it moved with the spread, not
 * that it caused it.
 *
 * @param trials the trials counted (of cells with three or more, none failed)
 * @param cells the cells they are of
 * @param spread how far a trial lies from its cell's mean, as a standard deviation of log throughput (0.1: about 10%)
 * @param suspects each suspect's share of the spread, largest first
 * @param together the share all suspects explain at once, NaN where too few trials tell
 */
public record NoiseBudget(int trials, int cells, double spread, List<Share> suspects, double together) {

    /** One suspect's share of the trials' variance; NaN where it was never recorded or never moved. */
    public record Share(String suspect, double explained) {
    }

    /** What was recorded beside each trial, as a rate where it is a time (seconds of it per second of the cell). */
    enum Suspect {
        CLIENT("the load client's CPU", r -> r.clientCpu()),
        JIT("the server's JIT", r -> perSecond(r, r.facts().beside().jitSeconds())),
        GC("the server's collectors", r -> perSecond(r, r.facts().beside().gcSeconds())),
        CHECKPOINTS("PostgreSQL's checkpointer", r -> r.facts().beside().checkpointBuffers()),
        AUTOVACUUM("autovacuum", r -> r.facts().beside().autovacuums()),
        STEAL("CPU steal", r -> perSecond(r, r.facts().beside().stealSeconds())),
        CLIENT_GC("the load client's collectors", r -> perSecond(r, r.facts().beside().clientGcSeconds())),
        CLIENT_JIT("the load client's JIT", r -> perSecond(r, r.facts().beside().clientJitSeconds())),
        POOL("the pool's hand-offs", r -> r.facts().poolWaiting());

        final String label;
        final ToDoubleFunction<CellResult> value;

        Suspect(String label, ToDoubleFunction<CellResult> value) {
            this.label = label;
            this.value = value;
        }

        private static double perSecond(CellResult r, double seconds) {
            return r.stats().seconds() > 0 ? seconds / r.stats().seconds() : Double.NaN;
        }
    }

    /** The budget of every cell's trials, each list one cell's trials in the order they ran. */
    public static NoiseBudget of(Collection<List<CellResult>> cellTrials) {
        Suspect[] suspects = Suspect.values();
        List<double[]> deviations = new ArrayList<>();
        List<double[][]> beside = new ArrayList<>();
        int cells = 0;
        for (List<CellResult> trials : cellTrials) {
            if (trials.size() < 3 || trials.stream().anyMatch(r -> r.failed() || r.stats().throughput() <= 0)) {
                continue;
            }
            cells++;
            deviations.add(centred(trials.stream().mapToDouble(r -> Math.log(r.stats().throughput())).toArray()));
            double[][] seen = new double[suspects.length][];
            for (int s = 0; s < suspects.length; s++) {
                seen[s] = centred(trials.stream().mapToDouble(suspects[s].value).toArray());
            }
            beside.add(seen);
        }
        double[] d = deviations.stream().flatMapToDouble(Arrays::stream).toArray();
        double[][] x = new double[suspects.length][];
        for (int s = 0; s < suspects.length; s++) {
            int at = s;
            x[s] = beside.stream().flatMapToDouble(seen -> Arrays.stream(seen[at])).toArray();
        }
        List<Share> shares = new ArrayList<>();
        List<Integer> moved = new ArrayList<>();
        for (int s = 0; s < suspects.length; s++) {
            double explained = explained(d, x[s]);
            shares.add(new Share(suspects[s].label, explained));
            if (!Double.isNaN(explained) && Arrays.stream(x[s]).allMatch(Double::isFinite)) {
                moved.add(s);
            }
        }
        shares.sort(Comparator.comparingDouble((Share s) -> Double.isNaN(s.explained) ? -1 : s.explained).reversed());
        double ss = Arrays.stream(d).map(v -> v * v).sum();
        double spread = d.length > cells ? Math.sqrt(ss / (d.length - cells)) : Double.NaN;
        return new NoiseBudget(d.length, cells, spread, List.copyOf(shares), together(d, x, moved));
    }

    /** The values less their mean; NaN throughout where one of them is NaN (that suspect was not read in every trial). */
    private static double[] centred(double[] values) {
        double mean = Arrays.stream(values).average().orElse(Double.NaN);
        return Arrays.stream(values).map(v -> v - mean).toArray();
    }

    /** The share of d's variance a line through the origin on x explains (both centred per cell), over the trials where x is known. */
    static double explained(double[] d, double[] x) {
        double dx = 0;
        double dd = 0;
        double xx = 0;
        for (int i = 0; i < d.length; i++) {
            if (Double.isFinite(x[i])) {
                dx += d[i] * x[i];
                dd += d[i] * d[i];
                xx += x[i] * x[i];
            }
        }
        return dd == 0 || xx == 0 ? Double.NaN : dx * dx / (dd * xx);
    }

    /** R² of d on every suspect recorded in every trial at once, no intercept (all centred); NaN where the trials cannot tell. */
    private static double together(double[] d, double[][] x, List<Integer> suspects) {
        if (suspects.isEmpty() || d.length <= 2 * suspects.size()) {
            return Double.NaN;
        }
        double[][] rows = new double[d.length][suspects.size()];
        for (int i = 0; i < d.length; i++) {
            for (int k = 0; k < suspects.size(); k++) {
                rows[i][k] = x[suspects.get(k)][i];
            }
        }
        OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
        ols.setNoIntercept(true);
        try {
            ols.newSampleData(d, rows);
            return ols.calculateRSquared();
        } catch (IllegalArgumentException e) {
            // Singular (two suspects that moved together), or too few trials for the suspects: no joint share.
            return Double.NaN;
        }
    }

    /** The report's and the console's line. */
    public String sentence() {
        if (cells == 0) {
            return "Where the trials' spread comes from: no cell ran three trials.";
        }
        List<String> parts = new ArrayList<>();
        for (Share s : suspects) {
            parts.add(s.suspect + " " + (Double.isNaN(s.explained) ? "not recorded or never moved"
                    : String.format(Locale.ROOT, "%.0f%%", 100 * s.explained)));
        }
        return String.format(Locale.ROOT, "Where the trials' spread comes from: %d trials of %d cells, a trial %.1f%% from its cell's mean"
                + " (a standard deviation of log throughput); of that spread's variance, %s%s.", trials, cells, 100 * spread,
                String.join(", ", parts), Double.isNaN(together) ? ""
                        : String.format(Locale.ROOT, "; all of them together %.0f%%, the rest (%.0f%%) none of these: the machine's and the"
                                + " servers' own variation, or a cause not recorded", 100 * together, 100 * (1 - together)));
    }
}
