package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.gate.Welch;
import dev.trainyard.tool.compare.plan.Protocol;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.plan.Trials;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The questions the verdicts leave across server variants: for one experiment, load and style,
 * which server variant serves the most, and on each server, platform or virtual threads. The
 * variants run one after another, so their trials are not paired as a variant's styles are: each
 * step is an unpaired interval ({@link Welch}'s t on the trials' logarithms: the ratio of the two
 * cells' geometric mean throughputs, 95%), and a step is a lead only where that interval excludes 1,
 * level where it lies inside {@link Verdicts#LEVEL_BAND}. Between runs of variants a machine's
 * drift also sits in the ratio: the intervals are wider than a verdict's, and honest for it.
 * As configured, over plain HTTP only: a sweep's settings and the other protocols have their own
 * sections.
 */
public final class Rankings {

    /** One step down a ranking, or one server's virtual threads against its platform threads. */
    public enum Step { LEAD, LEVEL, UNDECIDED }

    /**
     * @param ahead the faster of the two by median; {@code behind} the other
     * @param ratio the median throughputs' ratio, ahead over behind
     * @param low the unpaired interval of the ratio ({@link #unpaired}), NaN where either cell has fewer than two trials
     */
    public record Gap(String ahead, String behind, double ratio, double low, double high, Step step) {

        public String text() {
            String interval = Double.isNaN(low) ? "" : String.format(Locale.ROOT, " [%.2f, %.2f]", low, high);
            return switch (step) {
                case LEAD -> String.format(Locale.ROOT, "%s > %s x%.2f%s", ahead, behind, ratio, interval);
                case LEVEL -> String.format(Locale.ROOT, "%s = %s (level, x%.2f%s)", ahead, behind, ratio, interval);
                case UNDECIDED -> String.format(Locale.ROOT, "%s ? %s (undecided, x%.2f%s)", ahead, behind, ratio, interval);
            };
        }
    }

    /** One experiment, load and style: the server variants fastest first, and the gap between each and the next. */
    public record Ranking(String experiment, int users, String style, List<String> order, List<Gap> gaps) {

        public String text() {
            StringBuilder s = new StringBuilder(order.get(0));
            for (Gap g : gaps) {
                s.append(switch (g.step()) {
                    case LEAD -> String.format(Locale.ROOT, " > (x%.2f%s) ", g.ratio(), bracket(g));
                    case LEVEL -> String.format(Locale.ROOT, " = (x%.2f%s) ", g.ratio(), bracket(g));
                    case UNDECIDED -> String.format(Locale.ROOT, " ? (x%.2f%s) ", g.ratio(), bracket(g));
                }).append(g.behind());
            }
            return s.toString();
        }

        private static String bracket(Gap g) {
            return Double.isNaN(g.low()) ? "" : String.format(Locale.ROOT, " [%.2f, %.2f]", g.low(), g.high());
        }
    }

    /** One server's two thread models at one experiment, load and style: virtual over platform. */
    public record ThreadModels(String server, String experiment, int users, String style, Gap gap) {
    }

    private final List<Ranking> rankings;
    private final List<ThreadModels> threadModels;

    private Rankings(List<Ranking> rankings, List<ThreadModels> threadModels) {
        this.rankings = rankings;
        this.threadModels = threadModels;
    }

    public static Rankings of(List<CellResult> results) {
        Map<String, List<CellResult>> groups = new LinkedHashMap<>();
        for (CellResult r : results) {
            if (r.spec().users() > 0 && !r.spec().calibration() && !r.spec().cost() && r.run().tuning().asConfigured()
                    && r.run().protocol() == Protocol.HTTP) {
                groups.computeIfAbsent(r.spec().experiment() + "\u0000" + r.spec().users() + "\u0000" + r.spec().style(), k -> new ArrayList<>()).add(r);
            }
        }
        List<Ranking> rankings = new ArrayList<>();
        List<ThreadModels> threadModels = new ArrayList<>();
        for (List<CellResult> cells : groups.values()) {
            CellResult first = cells.get(0);
            if (cells.size() > 1) {
                List<CellResult> fastest = cells.stream().sorted(Comparator.comparingDouble((CellResult c) -> c.stats().throughput()).reversed()).toList();
                List<Gap> gaps = new ArrayList<>();
                for (int i = 0; i + 1 < fastest.size(); i++) {
                    gaps.add(gap(fastest.get(i), fastest.get(i + 1)));
                }
                rankings.add(new Ranking(first.spec().experiment(), first.spec().users(), first.spec().style(),
                        fastest.stream().map(CellResult::variantName).toList(), gaps));
            }
            for (CellResult platform : cells) {
                if (platform.run().variant() != ThreadModel.PLATFORM) {
                    continue;
                }
                cells.stream().filter(c -> c.server().equals(platform.server()) && c.run().variant() == ThreadModel.VIRTUAL).findFirst()
                        .ifPresent(virtual -> threadModels.add(new ThreadModels(platform.server(), first.spec().experiment(), first.spec().users(),
                                first.spec().style(), gap(virtual, platform))));
            }
        }
        return new Rankings(rankings, threadModels);
    }

    public List<Ranking> rankings() {
        return rankings;
    }

    public List<ThreadModels> threadModels() {
        return threadModels;
    }

    public boolean isEmpty() {
        return rankings.isEmpty() && threadModels.isEmpty();
    }

    /** {@code a} against {@code b}, named by their variants, the faster by median first. */
    private static Gap gap(CellResult a, CellResult b) {
        boolean aFirst = a.stats().throughput() >= b.stats().throughput();
        CellResult ahead = aFirst ? a : b;
        CellResult behind = aFirst ? b : a;
        double[] interval = unpaired(samples(ahead), samples(behind));
        double ratio = behind.stats().throughput() == 0 ? Double.POSITIVE_INFINITY : ahead.stats().throughput() / behind.stats().throughput();
        Step step = Double.isNaN(interval[0]) ? Step.UNDECIDED : interval[0] > 1 ? Step.LEAD
                : interval[0] >= 1 / (1 + Verdicts.LEVEL_BAND) && interval[1] <= 1 + Verdicts.LEVEL_BAND ? Step.LEVEL : Step.UNDECIDED;
        return new Gap(ahead.variantName(), behind.variantName(), ratio, interval[0], interval[1], step);
    }

    private static double[] samples(CellResult c) {
        return c.trials() == null ? new double[] {c.stats().throughput()} : c.trials().samples();
    }

    /**
     * The 95% interval of the ratio of {@code a}'s geometric mean to {@code b}'s, from unpaired
     * samples ({@link Welch}); NaN bounds where either has fewer than two samples or one is not above zero.
     */
    static double[] unpaired(double[] a, double[] b) {
        double[] x = Welch.logs(a);
        double[] y = Welch.logs(b);
        if (x == null || y == null || x.length < 2 || y.length < 2) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double[] logs = Welch.of(x, y).interval(Trials.CONFIDENCE);
        return new double[] {Math.exp(logs[0]), Math.exp(logs[1])};
    }
}
