package dev.trainyard.tool.compare.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The crossover finder: for one server variant and experiment, the load at which a challenger
 * style (async, train, a pool) overtakes the baseline (blocking, sync) in throughput and stays
 * ahead at every higher load measured, or the plain statement that it never does.
 *
 * <p>With several trials a cell, a style is ahead only where the 95% interval of its lead (its
 * throughput over the baseline's, trial by trial: {@link Interval#lead}; 95% over every look at
 * the trials) lies above 1, behind
 * where it lies below; an interval that holds 1 is a tie within noise. With one trial, ratios within
 * {@link #MARGIN} of 1 count as a tie: on a shared 2-core machine two runs of one cell differ by
 * about that much, so a smaller lead is not evidence.
 */
public record Crossover(String where, String experiment, String challenger, String baseline, Kind kind, int below, int at,
        double estimatedUsers, List<Point> points) {

    public static final double MARGIN = 0.05;

    enum Kind { ALWAYS_AHEAD, OVERTAKES, FALLS_BACK, NEVER }

    /**
     * Both styles at one load: throughput (req/s) and p95 (ms), each throughput's interval over its
     * trials (or null), and for each side which of its trials ran with the load client out of CPU
     * (one flag per trial, in the order they ran; one flag for a single trial).
     */
    public record Point(int users, double baseline, double challenger, double baselineP95, double challengerP95,
            Interval baselineTrials, Interval challengerTrials, boolean[] baselineBound, boolean[] challengerBound) {

        Point(int users, double baseline, double challenger, double baselineP95, double challengerP95) {
            this(users, baseline, challenger, baselineP95, challengerP95, null, null, new boolean[1], new boolean[1]);
        }

        /** The two cells of one load, each with its trials and where its client ran out of CPU. */
        public static Point of(int users, CellResult baseline, CellResult challenger) {
            return new Point(users, baseline.stats().throughput(), challenger.stats().throughput(), baseline.stats().p95Ms(),
                    challenger.stats().p95Ms(), baseline.trials(), challenger.trials(), baseline.boundTrials(), challenger.boundTrials());
        }

        boolean baselineClientBound() {
            return any(baselineBound);
        }

        boolean challengerClientBound() {
            return any(challengerBound);
        }

        boolean clientBound() {
            return baselineClientBound() || challengerClientBound();
        }

        /** Where the client ran out of CPU and so neither lead could be told: the verdict is withheld. */
        boolean withheld() {
            return clientBound() && !ahead() && !behind();
        }

        double ratio() {
            return baseline == 0 ? (challenger == 0 ? 1 : Double.POSITIVE_INFINITY) : challenger / baseline;
        }

        /** Whether both sides have intervals, so that they and not the margin decide. */
        boolean byIntervals() {
            return baselineTrials != null && challengerTrials != null && baselineTrials.known() && challengerTrials.known();
        }

        /** The challenger's lead over the baseline over every trial, or null where the trials cannot be paired. */
        Interval lead() {
            return byIntervals() ? Interval.lead(challengerTrials, baselineTrials) : null;
        }

        /**
         * Ahead beyond noise. A client out of CPU only holds a trial's figure down: the challenger's
         * lead stands where only its own cell was client-bound (the true lead is larger still), not
         * where the baseline's was, whose figure may be short of the server's. So the trials whose
         * baseline was client-bound are set aside, and the rest decide if they are at least half of
         * them ({@link #leadWithout}); with fewer, or with one trial, a client-bound baseline says nothing.
         */
        public boolean ahead() {
            Interval lead = leadWithout(baselineBound);
            if (lead != null) {
                return lead.low() > 1;
            }
            if (baselineClientBound()) {
                return false;
            }
            return byIntervals() ? challengerTrials.above(baselineTrials) : ratio() > 1 + MARGIN;
        }

        /** Behind beyond noise: the same rule, with the trials whose challenger was client-bound set aside. */
        boolean behind() {
            Interval lead = leadWithout(challengerBound);
            if (lead != null) {
                return lead.high() < 1;
            }
            if (challengerClientBound()) {
                return false;
            }
            return byIntervals() ? baselineTrials.above(challengerTrials) : ratio() < 1 - MARGIN;
        }

        /**
         * The lead over the paired trials not flagged in {@code aside}; null where the trials cannot be
         * paired, or where fewer than half of them (or fewer than two) remain: a verdict then rests on
         * too little of what was measured.
         */
        Interval leadWithout(boolean[] aside) {
            if (!byIntervals() || aside.length != baselineTrials.n()) {
                return null;
            }
            int kept = aside.length - count(aside);
            if (kept < 2 || 2 * kept < aside.length) {
                return null;
            }
            return Interval.lead(challengerTrials.without(aside), baselineTrials.without(aside));
        }

        /** The lead the verdict rests on: without the trials set aside for it when decided, else over every trial. */
        Interval decidingLead() {
            return ahead() && leadWithout(baselineBound) != null ? leadWithout(baselineBound)
                    : behind() && leadWithout(challengerBound) != null ? leadWithout(challengerBound) : lead();
        }

        /** How many trials the decided verdict set aside because the client ran out of CPU (0 when none or undecided). */
        int setAside() {
            if (ahead() && leadWithout(baselineBound) != null) {
                return count(baselineBound);
            }
            return behind() && leadWithout(challengerBound) != null ? count(challengerBound) : 0;
        }

        private static boolean any(boolean[] flags) {
            return count(flags) > 0;
        }

        private static int count(boolean[] flags) {
            int n = 0;
            for (boolean f : flags) {
                n += f ? 1 : 0;
            }
            return n;
        }
    }

    static Crossover find(String where, String experiment, String challenger, String baseline, List<Point> unsorted) {
        List<Point> points = new ArrayList<>(unsorted);
        points.sort(Comparator.comparingInt(Point::users));
        if (points.isEmpty()) {
            throw new IllegalArgumentException("no loads to compare");
        }
        int k = points.size();
        while (k > 0 && points.get(k - 1).ahead()) {
            k--;
        }
        if (k == 0) {
            return new Crossover(where, experiment, challenger, baseline, Kind.ALWAYS_AHEAD, 0, points.get(0).users(),
                    Double.NaN, points);
        }
        if (k < points.size()) {
            Point before = points.get(k - 1);
            Point after = points.get(k);
            return new Crossover(where, experiment, challenger, baseline, Kind.OVERTAKES, before.users(), after.users(),
                    crossing(before, after), points);
        }
        boolean everAhead = points.stream().anyMatch(Point::ahead);
        return new Crossover(where, experiment, challenger, baseline, everAhead ? Kind.FALLS_BACK : Kind.NEVER, 0, 0,
                Double.NaN, points);
    }

    /**
     * Where the ratio crosses 1 between two loads, interpolated on log(users) (the loads are
     * spaced geometrically); NaN when the earlier ratio was not below 1 (a tie band, not a crossing).
     */
    static double crossing(Point before, Point after) {
        double r0 = before.ratio();
        double r1 = after.ratio();
        if (r0 >= 1 || r1 <= 1 || Double.isInfinite(r1)) {
            return Double.NaN;
        }
        double f = (1 - r0) / (r1 - r0);
        double logUsers = Math.log(before.users()) + f * (Math.log(after.users()) - Math.log(before.users()));
        return Math.exp(logUsers);
    }

    /** Every crossover JMeter's figures hold: each challenger against its experiment's baseline, per server variant. */
    public static List<Crossover> findAll(List<CellResult> results) {
        return findAll(results, r -> r.stats().throughput(), r -> r.stats().p95Ms(), CellResult::trials, CellResult::boundTrials);
    }

    /** The same from the lean client's figures, for the cells it cross-checked. */
    public static List<Crossover> findAllLean(List<CellResult> results) {
        return findAll(results.stream().filter(r -> r.lean() != null).toList(), r -> r.lean().throughput(), r -> r.lean().p95Ms(),
                r -> null, r -> new boolean[1]);
    }

    private static List<Crossover> findAll(List<CellResult> results, ToDoubleFunction<CellResult> throughput,
            ToDoubleFunction<CellResult> p95, Function<CellResult, Interval> trials, Function<CellResult, boolean[]> bound) {
        Map<String, List<CellResult>> groups = new LinkedHashMap<>();
        for (CellResult r : results) {
            if (r.spec().users() > 0 && !r.spec().experiment().equals("calibration")) {
                groups.computeIfAbsent(r.variantName() + "\u0000" + r.spec().experiment(), g -> new ArrayList<>()).add(r);
            }
        }
        List<Crossover> found = new ArrayList<>();
        for (List<CellResult> group : groups.values()) {
            String baseline = group.stream().anyMatch(r -> r.spec().style().equals("sync")) ? "sync" : "blocking";
            Map<Integer, CellResult> base = new LinkedHashMap<>();
            group.stream().filter(r -> r.spec().style().equals(baseline)).forEach(r -> base.put(r.spec().users(), r));
            if (base.isEmpty()) {
                continue;
            }
            List<String> challengers = group.stream().map(r -> r.spec().style()).filter(s -> !s.equals(baseline)).distinct().toList();
            for (String challenger : challengers) {
                List<Point> points = new ArrayList<>();
                for (CellResult r : group) {
                    CellResult b = base.get(r.spec().users());
                    if (r.spec().style().equals(challenger) && b != null) {
                        points.add(new Point(r.spec().users(), throughput.applyAsDouble(b), throughput.applyAsDouble(r),
                                p95.applyAsDouble(b), p95.applyAsDouble(r), trials.apply(b), trials.apply(r),
                                bound.apply(b), bound.apply(r)));
                    }
                }
                if (!points.isEmpty()) {
                    CellResult any = group.get(0);
                    found.add(find(any.variantName(), any.spec().experiment(), challenger, baseline, points));
                }
            }
        }
        return found;
    }

    /** One sentence, with its evidence. */
    public String sentence() {
        String lead = String.format(Locale.ROOT, "%s, %s: %s ", where, experiment, challenger);
        String claim = switch (kind) {
            case ALWAYS_AHEAD -> "is ahead of " + baseline + " at every load measured, from " + at + " users";
            case OVERTAKES -> "overtakes " + baseline + " between " + below + " and " + at + " users"
                    + (Double.isNaN(estimatedUsers) ? "" : String.format(Locale.ROOT, " (about %.0f)", estimatedUsers));
            case FALLS_BACK -> "leads " + baseline + " at some loads but not at the highest (" + last().users() + " users)";
            case NEVER -> "never overtakes " + baseline + " up to " + last().users() + " users";
        };
        return lead + claim + "; " + evidence() + ".";
    }

    String evidence() {
        List<String> parts = new ArrayList<>();
        for (Point p : points) {
            if (p.withheld()) {
                parts.add(String.format(Locale.ROOT, "withheld at %d: the load client was CPU-bound (%.0f vs %.0f req/s)",
                        p.users(), p.challenger(), p.baseline()));
            } else if (p.byIntervals()) {
                Interval lead = p.decidingLead();
                parts.add(String.format(Locale.ROOT, "x%.2f%s at %d (%s vs %s req/s%s%s, p95 %.0f vs %.0f ms)", p.ratio(),
                        lead == null ? "" : String.format(Locale.ROOT, " [%.2f, %.2f]", lead.low(), lead.high()), p.users(),
                        p.challengerTrials(), p.baselineTrials(), p.ahead() || p.behind() ? "" : ": a tie within noise",
                        p.setAside() == 0 ? "" : String.format(Locale.ROOT, "; %d of %d trials set aside, the load client CPU-bound",
                                p.setAside(), p.baselineTrials().n()),
                        p.challengerP95(), p.baselineP95()));
            } else {
                parts.add(String.format(Locale.ROOT, "x%.2f at %d (%.0f vs %.0f req/s, p95 %.0f vs %.0f ms)",
                        p.ratio(), p.users(), p.challenger(), p.baseline(), p.challengerP95(), p.baselineP95()));
            }
        }
        return String.join(", ", parts);
    }

    private Point last() {
        return points.get(points.size() - 1);
    }
}
