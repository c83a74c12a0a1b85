package dev.trainyard.tool.compare.plan;

/** The rules every measurement keeps, whatever the plan: how the server is warmed, settled and judged, and when the client is. */
public final class Measurement {

    /**
     * The server's warm-up: every path the variant's cells load, once, for a second at
     * {@value #WARM_UP_USERS} users, before the first trial, so that no trial pays for cold code and
     * caches. Measured without it (only the entry styles, 20 users, 2 s): the first blocking entry
     * trial at 400 users served a third to a half of the later ones, the store's point lookup a third.
     * A second is thousands of requests on every path but the slowest queries, and every cell warms
     * up again for its own first second, cut. A smoke run proves that everything works and measures
     * nothing: it warms up its first path alone, so that the load client's first requests (a remote
     * JMeter engine starts cold) come before the first cell's measured seconds.
     */
    public static final int WARM_UP_SECONDS = 1;
    public static final int WARM_UP_USERS = 100;

    /** How many of the cells' distinct paths the warm-up runs, in the cells' order. */
    public static long warmUpPaths(Options options, long distinct) {
        return options.smoke() ? Math.min(1, distinct) : distinct;
    }

    /**
     * The open model's drain: after its last arrival its schedule pauses this long at most, since
     * JMeter cuts the requests still in flight when the schedule ends, and a cut answer would count
     * as an error and leave a view the audit cannot match. The run ends as soon as none is in
     * flight (usually at once), so the bound is only paid for answers slower than it.
     */
    public static final int OPEN_MODEL_DRAIN_SECONDS = 5;
    /** How long the server may take after a cell to end the requests still in it. */
    public static final long SETTLE_MS = 30_000;
    /** Errors that are not load shedding beyond this share fail a cell. */
    public static final double ERROR_BUDGET = 0.01;
    /** From this share of its CPUs on, the load client, not the server, may have set the pace. */
    public static final double CLIENT_BOUND = 0.9;

    private Measurement() {
    }
}
