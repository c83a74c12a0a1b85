package dev.trainyard.tool.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * The crossover finder: for one server variant and experiment, the load at which a challenger
 * style (async, train, a pool) overtakes the baseline (blocking, sync) in throughput and stays
 * ahead at every higher load measured, or the plain statement that it never does.
 *
 * <p>With several trials a cell, a style is ahead only where the 95% interval of its lead (its
 * throughput over the baseline's, trial by trial: {@link Interval#lead}) lies above 1, behind
 * where it lies below; an interval that holds 1 is a tie within noise. With one trial, ratios within
 * {@link #MARGIN} of 1 count as a tie: on a shared 2-core machine two runs of one cell differ by
 * about that much, so a smaller lead is not evidence.
 */
record Crossover(String where, String experiment, String challenger, String baseline, Kind kind, int below, int at,
        double estimatedUsers, List<Point> points) {

    static final double MARGIN = 0.05;

    enum Kind { ALWAYS_AHEAD, OVERTAKES, FALLS_BACK, NEVER }

    /**
     * Both styles at one load: throughput (req/s) and p95 (ms), each throughput's interval over its
     * trials (or null), and whether the load client ran out of CPU on each side's cell.
     */
    record Point(int users, double baseline, double challenger, double baselineP95, double challengerP95,
            Interval baselineTrials, Interval challengerTrials, boolean baselineClientBound, boolean challengerClientBound) {

        Point(int users, double baseline, double challenger, double baselineP95, double challengerP95) {
            this(users, baseline, challenger, baselineP95, challengerP95, null, null, false, false);
        }

        boolean clientBound() {
            return baselineClientBound || challengerClientBound;
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

        /** The challenger's lead over the baseline, trial by trial, or null where the trials cannot be paired. */
        Interval lead() {
            return byIntervals() ? Interval.lead(challengerTrials, baselineTrials) : null;
        }

        /**
         * Ahead beyond noise. A client out of CPU only holds a cell's figure down: the challenger's
         * lead stands where only its own cell was client-bound (the true lead is larger still), not
         * where the baseline's was, whose figure may be short of the server's.
         */
        boolean ahead() {
            if (baselineClientBound) {
                return false;
            }
            Interval lead = lead();
            return lead != null ? lead.low() > 1 : byIntervals() ? challengerTrials.above(baselineTrials) : ratio() > 1 + MARGIN;
        }

        boolean behind() {
            if (challengerClientBound) {
                return false;
            }
            Interval lead = lead();
            return lead != null ? lead.high() < 1 : byIntervals() ? baselineTrials.above(challengerTrials) : ratio() < 1 - MARGIN;
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
    static List<Crossover> findAll(List<CellResult> results) {
        return findAll(results, r -> r.stats().throughput(), r -> r.stats().p95Ms(), CellResult::trials, CellResult::clientBound);
    }

    /** The same from the lean client's figures, for the cells it cross-checked. */
    static List<Crossover> findAllLean(List<CellResult> results) {
        return findAll(results.stream().filter(r -> r.lean() != null).toList(), r -> r.lean().throughput(), r -> r.lean().p95Ms(),
                r -> null, r -> false);
    }

    private static List<Crossover> findAll(List<CellResult> results, ToDoubleFunction<CellResult> throughput,
            ToDoubleFunction<CellResult> p95, Function<CellResult, Interval> trials, Predicate<CellResult> clientBound) {
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
                                clientBound.test(b), clientBound.test(r)));
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
    String sentence() {
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
                Interval lead = p.lead();
                parts.add(String.format(Locale.ROOT, "x%.2f%s at %d (%s vs %s req/s%s, p95 %.0f vs %.0f ms)", p.ratio(),
                        lead == null ? "" : String.format(Locale.ROOT, " [%.2f, %.2f]", lead.low(), lead.high()), p.users(),
                        p.challengerTrials(), p.baselineTrials(), p.ahead() || p.behind() ? "" : ": a tie within noise",
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
