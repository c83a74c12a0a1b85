package dev.trainyard.tool.compare;

import java.util.Map;

/**
 * One cell of the comparison: a plan of jmeter/ run with these properties at one load.
 *
 * @param experiment the plan's experiment (sleep, entry ...), or "calibration"
 * @param style the line this cell belongs to in the charts: blocking, async, train, a pool ...
 * @param users closed-model threads, or 0 for the open model
 * @param rate the open model's arrivals per second, or 0
 * @param serviceSeconds how long one request must take (sleep), NaN when the work decides
 * @param bound what limits concurrency besides users: "threads" (the server's request threads),
 *     "pool:NAME" (an offload executor), or "" (nothing below the users)
 * @param writesEntries whether every successful request adds one view to trentry (audited)
 * @param path the same work as one URL under /trainyard/, for the lean cross-check (wrk takes no random ids:
 *     entry and s2 pick theirs on the server)
 */
record CellSpec(String experiment, String plan, String style, int users, int rate, Map<String, String> props,
        double serviceSeconds, String bound, boolean writesEntries, String path) {

    /** Seconds a loop-bound cell may take at most; it is measured over every answer, warm-up included. */
    static final int LOOP_BOUND_CAP_SECONDS = 600;

    /** Whether the cell ends after its loops (store: users x loops) rather than after a duration. */
    boolean loopBound() {
        return !props.getOrDefault("loops", "-1").equals("-1");
    }

    /** The products cost: downloads one at a time with the server's CPU read around each, not a load. */
    boolean cost() {
        return experiment.equals("cost");
    }

    String load() {
        return users > 0 ? users + " users" : rate + " req/s offered";
    }

    /** The load as a number for the charts' x axis. */
    int level() {
        return users > 0 ? users : rate;
    }

    String label() {
        return experiment + " " + style + " @ " + load();
    }
}
