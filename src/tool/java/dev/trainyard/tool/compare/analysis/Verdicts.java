package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.plan.CellSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's answer at a glance: for each server variant, experiment and load, which style
 * wins and by how much, judged as the crossovers are (intervals when there are trials, else the
 * margin; nothing where the client was CPU-bound), and per server variant what to choose.
 */
public final class Verdicts {

    /**
     * A lead (STRONG, CLEAR, SLIGHT by its ratio); LEVEL, no lead and every challenger's interval
     * inside {@link #LEVEL_BAND} of the baseline; UNDECIDED, no lead and an interval still wider
     * than that; WITHHELD, the load client ran out of CPU.
     */
    public enum Strength { STRONG, CLEAR, SLIGHT, LEVEL, UNDECIDED, WITHHELD }

    /** A lead of at least this ratio is {@link Strength#STRONG}; of {@link #CLEAR_RATIO}, {@link Strength#CLEAR}; under it, slight. */
    public static final double STRONG_RATIO = 2;
    public static final double CLEAR_RATIO = 1.2;

    /** Level: the styles' throughputs within this share of each other, every trial's interval considered. */
    public static final double LEVEL_BAND = 0.05;

    /**
     * @param winner the winning style ("async or train" where two lead the baseline but not each other), or null
     *     for a verdict level, undecided or withheld
     * @param ratio a winning challenger's throughput over the baseline's; a winning baseline's over the best
     *     challenger's; otherwise, the best challenger's over the baseline's
     * @param low the interval of that ratio over the paired trials ({@link Interval#lead}: 95% over every look), NaN with one trial
     * @param setAside how many trials the verdict set aside because the load client ran out of CPU in them
     *     ({@link Crossover.Point#ahead})
     * @param trials how many paired trials the interval rests on (1: no interval)
     * @param p95Ms the latency of the style whose throughput is the ratio's numerator (the winner's, or the best
     *     challenger's), closed-loop: a client that waits for each answer before its next request; {@code p99Ms} likewise
     * @param againstP95Ms the latency of the style the ratio is over; {@code againstP99Ms} likewise
     */
    public record Verdict(String variant, String experiment, int users, String winner, double ratio, Strength strength, double low,
            double high, int setAside, int trials, double p95Ms, double p99Ms, double againstP95Ms, double againstP99Ms) {

        public String text() {
            String interval = Double.isNaN(low) ? "" : String.format(Locale.ROOT, " [%.2f, %.2f]", low, high);
            String aside = setAside == 0 ? "" : String.format(Locale.ROOT, " (%d trial%s set aside: client-bound)", setAside,
                    setAside == 1 ? "" : "s");
            return switch (strength) {
                case WITHHELD -> "client-bound";
                case LEVEL -> String.format(Locale.ROOT, "level (x%.2f%s)", ratio, interval);
                case UNDECIDED -> String.format(Locale.ROOT, "undecided (x%.2f%s, %d trial%s)", ratio, interval, trials, trials == 1 ? "" : "s");
                default -> String.format(Locale.ROOT, "%s x%.2f%s%s", winner, ratio, interval, aside)
                        + (tradeOff() ? String.format(Locale.ROOT, ", a trade-off: its p99 x%.1f", p99Ms / againstP99Ms) : "");
            };
        }

        /** The two styles' p95, the ratio's numerator first, as the matrix shows it under the verdict. */
        public String latency() {
            return Double.isNaN(p95Ms) || Double.isNaN(againstP95Ms) ? ""
                    : String.format(Locale.ROOT, "p95 %.0f vs %.0f ms", p95Ms, againstP95Ms);
        }

        /**
         * A lead bought with latency: the winner's p99 more than {@link #TRADE_OFF} times the other's
         * and {@link #TRADE_OFF_FLOOR_MS} more, so that a throughput win that makes its slowest answers
         * much slower is not read as a plain win.
         */
        public boolean tradeOff() {
            return winner != null && !Double.isNaN(p99Ms) && !Double.isNaN(againstP99Ms) && p99Ms > TRADE_OFF * againstP99Ms
                    && p99Ms - againstP99Ms > TRADE_OFF_FLOOR_MS;
        }
    }

    /** How many times the other style's p99 a winner's may be before its lead is a trade-off ({@link Verdict#tradeOff}). */
    public static final double TRADE_OFF = 1.5;
    /** And how many milliseconds more: a tail of a few milliseconds is noise at these loads, whatever its ratio. */
    public static final double TRADE_OFF_FLOOR_MS = 5;

    private Verdicts() {
    }

    public static List<Verdict> of(List<CellResult> results) {
        List<Verdict> verdicts = new ArrayList<>();
        for (List<CellResult> cells : groups(results)) {
            Verdict v = judge(cells);
            if (v != null) {
                verdicts.add(v);
            }
        }
        return verdicts;
    }

    /**
     * The verdicts still open in one server variant's trials so far, each as the cells that must
     * run one more trial together (paired, as every trial is): neither a lead nor level nor
     * withheld, every cell at the same count of trials and still under its most. Nearest to
     * closing first ({@link #nearness}), so that a budget too small for all of them goes where
     * one more trial most likely decides something.
     */
    public static List<List<CellSpec>> open(Map<CellSpec, List<CellResult>> trials) {
        List<CellResult> combined = trials.values().stream().map(CellResult::combine).toList();
        Map<List<CellSpec>, Double> open = new LinkedHashMap<>();
        for (List<CellResult> cells : groups(combined)) {
            Verdict v = judge(cells);
            int n = cells.get(0).trials().n();
            if (v != null && v.strength() == Strength.UNDECIDED && cells.stream().allMatch(c -> c.trials().n() == n && n < c.spec().trials().most())) {
                open.put(cells.stream().map(CellResult::spec).toList(), nearness(v));
            }
        }
        return open.entrySet().stream().sorted(Map.Entry.<List<CellSpec>, Double>comparingByValue().reversed()).map(Map.Entry::getKey).toList();
    }

    /**
     * How near an undecided verdict's interval is to closing, as the share of its half-width (on
     * the log scale) it may keep: a lead needs the half-width below the distance of its centre
     * from 1, level below the band less that distance; the easier of the two. Near 1, one more
     * trial may do; near 0 (an interval spanning several times), many. 0 without an interval.
     */
    static double nearness(Verdict v) {
        if (Double.isNaN(v.low()) || v.low() <= 0) {
            return 0;
        }
        double centre = Math.abs((Math.log(v.high()) + Math.log(v.low())) / 2);
        double half = (Math.log(v.high()) - Math.log(v.low())) / 2;
        return half == 0 ? Double.POSITIVE_INFINITY : Math.max(centre, Math.log(1 + LEVEL_BAND) - centre) / half;
    }

    /** The cells of each verdict: one server variant, experiment and load. */
    private static Collection<List<CellResult>> groups(List<CellResult> results) {
        Map<String, List<CellResult>> groups = new LinkedHashMap<>();
        for (CellResult r : results) {
            if (r.spec().users() > 0 && !r.spec().experiment().equals("calibration")) {
                groups.computeIfAbsent(r.variantName() + "\u0000" + r.spec().experiment() + "\u0000" + r.spec().users(),
                        g -> new ArrayList<>()).add(r);
            }
        }
        return groups.values();
    }

    /** The verdict of one group's cells against its baseline (sync or blocking), or null where it has none. */
    private static Verdict judge(List<CellResult> cells) {
        String baselineStyle = cells.stream().anyMatch(r -> r.spec().style().equals("sync")) ? "sync" : "blocking";
        CellResult baseline = cells.stream().filter(r -> r.spec().style().equals(baselineStyle)).findFirst().orElse(null);
        if (baseline == null || cells.size() < 2) {
            return null;
        }
        return judge(baseline, cells.stream().filter(r -> r != baseline).toList());
    }

    private static Verdict judge(CellResult baseline, List<CellResult> challengers) {
        List<Crossover.Point> points = new ArrayList<>();
        for (CellResult c : challengers) {
            points.add(Crossover.Point.of(c.spec().users(), baseline, c));
        }
        String variant = baseline.variantName();
        String experiment = baseline.spec().experiment();
        int users = baseline.spec().users();
        List<Integer> ahead = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            if (points.get(i).ahead()) {
                ahead.add(i);
            }
        }
        if (!ahead.isEmpty()) {
            int best = ahead.stream().max(Comparator.comparingDouble(i -> points.get(i).challenger())).orElseThrow();
            double ratio = points.get(best).ratio();
            Interval lead = points.get(best).decidingLead();
            // Named alone only where it also leads every other challenger ahead of the baseline; else "async or train".
            List<String> leaders = new ArrayList<>();
            for (int i : ahead) {
                if (i == best || !apart(challengers.get(best), challengers.get(i))) {
                    leaders.add(challengers.get(i).spec().style());
                }
            }
            leaders.sort(Comparator.naturalOrder());
            CellResult winner = challengers.get(best);
            return new Verdict(variant, experiment, users, String.join(" or ", leaders), ratio, strength(ratio),
                    lead == null ? Double.NaN : lead.low(), lead == null ? Double.NaN : lead.high(), points.get(best).setAside(), trials(lead),
                    winner.stats().p95Ms(), winner.stats().p99Ms(), baseline.stats().p95Ms(), baseline.stats().p99Ms());
        }
        List<Crossover.Point> behind = points.stream().filter(Crossover.Point::behind).toList();
        // The baseline leads every challenger behind it, and shares the lead with those level with it (offload's
        // bounded pool beside sync, both ahead of the unbounded one): "bounded or sync".
        if (!behind.isEmpty() && points.stream().allMatch(p -> p.behind() || level(p))) {
            Crossover.Point closest = behind.stream().max(Comparator.comparingDouble(Crossover.Point::challenger)).orElseThrow();
            double ratio = closest.challenger() == 0 ? Double.POSITIVE_INFINITY : baseline.stats().throughput() / closest.challenger();
            Interval lead = closest.decidingLead();
            List<String> leaders = new ArrayList<>(List.of(baseline.spec().style()));
            for (int i = 0; i < points.size(); i++) {
                if (!points.get(i).behind()) {
                    leaders.add(challengers.get(i).spec().style());
                }
            }
            leaders.sort(Comparator.naturalOrder());
            // The baseline's lead over its closest challenger behind: that challenger's interval, inverted.
            CellResult runnerUp = challengers.get(points.indexOf(closest));
            return new Verdict(variant, experiment, users, String.join(" or ", leaders), ratio, strength(ratio),
                    lead == null ? Double.NaN : 1 / lead.high(), lead == null ? Double.NaN : 1 / lead.low(), closest.setAside(), trials(lead),
                    baseline.stats().p95Ms(), baseline.stats().p99Ms(), runnerUp.stats().p95Ms(), runnerUp.stats().p99Ms());
        }
        // What stayed open: the best challenger neither behind the baseline nor level with it (one
        // shown behind is already answered, and its interval would hide the one that is not).
        List<Crossover.Point> open = points.stream().filter(p -> !p.behind() && !level(p)).toList();
        Crossover.Point top = (open.isEmpty() ? points : open).stream().max(Comparator.comparingDouble(Crossover.Point::ratio)).orElseThrow();
        boolean withheld = points.stream().anyMatch(Crossover.Point::withheld);
        Interval lead = withheld ? null : top.lead();
        Strength strength = withheld ? Strength.WITHHELD : points.stream().allMatch(Verdicts::level) ? Strength.LEVEL : Strength.UNDECIDED;
        CellResult best = challengers.get(points.indexOf(top));
        return new Verdict(variant, experiment, users, null, top.ratio(), strength,
                lead == null ? Double.NaN : lead.low(), lead == null ? Double.NaN : lead.high(), 0,
                // A withheld verdict has no interval, but its trials ran: how many, not one.
                withheld && baseline.trials() != null ? baseline.trials().n() : trials(lead),
                best.stats().p95Ms(), best.stats().p99Ms(), baseline.stats().p95Ms(), baseline.stats().p99Ms());
    }

    /** Whether the challenger's whole interval over the baseline lies inside the level band, either way. */
    private static boolean level(Crossover.Point point) {
        Interval lead = point.lead();
        return lead != null && lead.low() >= 1 / (1 + LEVEL_BAND) && lead.high() <= 1 + LEVEL_BAND;
    }

    private static int trials(Interval lead) {
        return lead == null ? 1 : lead.n();
    }

    /** Whether the leader served more than the other beyond noise: over their paired trials, or by the margin with one trial. */
    private static boolean apart(CellResult leader, CellResult other) {
        Interval lead = Interval.lead(leader.trials(), other.trials());
        if (lead != null) {
            return lead.low() > 1;
        }
        return leader.stats().throughput() > other.stats().throughput() * (1 + Crossover.MARGIN);
    }

    private static Strength strength(double ratio) {
        return ratio >= STRONG_RATIO ? Strength.STRONG : ratio >= CLEAR_RATIO ? Strength.CLEAR : Strength.SLIGHT;
    }

    /** Per server variant, one sentence: the winner of each experiment at its highest load. */
    public static Map<String, String> choices(List<Verdict> verdicts) {
        Map<String, Map<String, Verdict>> top = new LinkedHashMap<>();
        for (Verdict v : verdicts) {
            top.computeIfAbsent(v.variant(), k -> new LinkedHashMap<>()).merge(v.experiment(), v,
                    (a, b) -> b.users() > a.users() ? b : a);
        }
        Map<String, String> choices = new LinkedHashMap<>();
        top.forEach((variant, byExperiment) -> {
            List<String> parts = new ArrayList<>();
            byExperiment.values().forEach(v -> parts.add(v.experiment() + " at " + v.users() + " users: " + switch (v.strength()) {
                case WITHHELD -> "no verdict (the load client was CPU-bound)";
                case LEVEL -> String.format(Locale.ROOT, "level (every style within %.0f%%)", LEVEL_BAND * 100);
                case UNDECIDED -> "undecided (the trials cannot tell the leading styles apart yet)";
                default -> String.format(Locale.ROOT, "%s (x%.2f%s)", v.winner(), v.ratio(), v.tradeOff() ? ", a trade-off: its p99 is higher" : "");
            }));
            choices.put(variant, String.join("; ", parts) + ".");
        });
        return choices;
    }
}
