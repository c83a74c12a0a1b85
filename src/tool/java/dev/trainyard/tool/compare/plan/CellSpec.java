package dev.trainyard.tool.compare.plan;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One cell of the comparison: a plan of jmeter/ run with these properties at one load.
 *
 * @param row what the cell asks (sleep, entry, store s2 on R2DBC ...), or "calibration"; its name is the experiment's
 * @param style the line this cell belongs to in the charts: blocking, async, train, a pool ...
 * @param users closed-model threads, or 0 for the open model
 * @param rate the open model's arrivals per second, or 0
 * @param serviceSeconds how long one request must take (sleep), NaN when the work decides
 * @param bound what limits concurrency besides users
 * @param writesEntries whether every successful request adds one view to trentry (audited)
 * @param path the same work as one URL under /trainyard/, for the lean cross-check (wrk takes no random ids:
 *     entry and s2 pick theirs on the server)
 * @param trials how many trials the cell runs, at least and at most ({@link Matrix} decides; one until it does)
 * @param peakOf for an open cell offered a share of a closed row's peak ({@link #sharing}), that row; its rate is 0
 *     until the run has measured the peak and {@link #at} sets it. Null for every other cell.
 */
public record CellSpec(Row row, String plan, String style, int users, int rate, Map<String, String> props,
        double serviceSeconds, Bound bound, boolean writesEntries, String path, Trials trials, Row peakOf) {

    public CellSpec(Row row, String plan, String style, int users, int rate, Map<String, String> props,
            double serviceSeconds, Bound bound, boolean writesEntries, String path) {
        this(row, plan, style, users, rate, props, serviceSeconds, bound, writesEntries, path, Trials.fixed(1), null);
    }

    /** A cell of a family with no query, size or driver of its own. */
    public CellSpec(String family, String plan, String style, int users, int rate, Map<String, String> props,
            double serviceSeconds, Bound bound, boolean writesEntries, String path) {
        this(Row.of(family), plan, style, users, rate, props, serviceSeconds, bound, writesEntries, path, Trials.fixed(1), null);
    }

    /**
     * An open cell whose arrivals per second are a share of {@code closed}'s peak in the same run
     * ({@link Options#openShare}), so that its load means the same on a fast server and a slow one.
     */
    public static CellSpec sharing(Row closed, String style, Map<String, String> props, boolean writesEntries, String path) {
        return new CellSpec(Row.of("open " + closed.name()), "open.jmx", style, 0, 0, props, Double.NaN, Bound.NONE,
                writesEntries, path, Trials.fixed(1), closed);
    }

    /** This open cell at {@code perSecond} arrivals, in its plan's properties too. */
    public CellSpec at(int perSecond) {
        Map<String, String> offered = new LinkedHashMap<>(props);
        offered.put("rate", String.valueOf(perSecond));
        return new CellSpec(row, plan, style, users, perSecond, offered, serviceSeconds, bound, writesEntries, path, trials, peakOf);
    }

    /** Whether the cell offers requests at a fixed rate (the open model), timed from when each was due. */
    public boolean open() {
        return rate > 0 || peakOf != null;
    }

    /** The row's name, as the report, cells.csv and verdicts.csv give it ("store s2 r2dbc"). */
    public String experiment() {
        return row.name();
    }

    /** Seconds a loop-bound cell may take at most; it is measured over every answer, warm-up included. */
    public static final int LOOP_BOUND_CAP_SECONDS = 600;

    /**
     * The seconds one client run of this cell loads the server: its warm-up and measured ones; NaN
     * when its loops decide.
     */
    public double clientSeconds(Options o) {
        return loopBound() ? Double.NaN : o.warmup() + o.seconds();
    }

    /**
     * Whether JMeter's schedule for this cell ends with a drain ({@link Measurement#OPEN_MODEL_DRAIN_SECONDS}
     * at most, over once no answer is in flight): the open model's. Like a closed cell's last
     * answers, it is the client past its seconds.
     */
    public boolean plannedDrain() {
        return open();
    }

    /** A run of this cell as planned: its client's seconds, and wrk's whole cell again where JMeter's closed cells are cross-checked. */
    public double plannedSeconds(Options o) {
        double once = clientSeconds(o);
        return o.crosscheck() && o.jmeter() && users > 0 && !measuredLean(o) ? once + o.warmup() + o.seconds() : once;
    }

    /**
     * Whether wrk measures this cell although the run's client is JMeter ({@link Options#leanFrom()}):
     * a closed, timed cell at that many users or more, whose one URL is the plan's work (the store's
     * plan draws a product per request), with JMeter in this process rather than on engines.
     */
    public boolean measuredLean(Options o) {
        return o.leanCells() && users >= o.leanFrom() && !loopBound() && !open()
                && !calibration() && !cost() && !plan.equals("store.jmx");
    }

    /** Whether the cell ends after its loops (store: users x loops) rather than after a duration. */
    public boolean loopBound() {
        return !props.getOrDefault("loops", "-1").equals("-1");
    }

    /** The products cost: downloads one at a time with the server's CPU read around each, not a load. */
    public boolean cost() {
        return row.family().equals("cost");
    }

    /** The generator's ceiling on /blocking/hello, read once, in the last trial, when everything is warm. */
    public boolean calibration() {
        return row.family().equals("calibration");
    }

    /** The same path at up to {@code most} users, timed rather than loop-bound: the server's warm-up for it. */
    public CellSpec warmUp(int most) {
        Map<String, String> timed = new LinkedHashMap<>(props);
        timed.computeIfPresent("loops", (k, v) -> "-1");
        return new CellSpec(row, plan, style, users == 0 ? 0 : Math.min(users, most), rate, timed, serviceSeconds, bound,
                writesEntries, path, Trials.fixed(1), peakOf);
    }

    public CellSpec repeated(Trials times) {
        return new CellSpec(row, plan, style, users, rate, props, serviceSeconds, bound, writesEntries, path, times, peakOf);
    }

    /**
     * Whether this cell runs in that trial of a variant whose cells run up to {@code last} trials
     * each before any verdict is looked at: its own least (the cost: one, its rounds are its
     * repetitions), the calibration in the last.
     */
    public boolean runsIn(int trial, int last) {
        return calibration() ? trial == last : trial <= trials.least();
    }

    public String load() {
        return users > 0 ? users + " users" : rate > 0 ? rate + " req/s offered" : "a share of " + peakOf.name() + "'s peak";
    }

    /** The load as a number for the charts' x axis. */
    public int level() {
        return users > 0 ? users : rate;
    }

    public String label() {
        return experiment() + " " + style + " @ " + load();
    }
}
