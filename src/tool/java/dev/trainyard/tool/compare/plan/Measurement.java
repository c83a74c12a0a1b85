package dev.trainyard.tool.compare.plan;

/** The rules every measurement keeps, whatever the plan: how the server is warmed, settled and judged, and when the client is. */
public final class Measurement {

    /**
     * The server's warm-up: every path the variant's cells load, for a second each at
     * {@value #WARM_UP_USERS} users, round after round until its JIT is quiet, before the first trial,
     * so that no trial pays for cold code and caches. One round (at a hundred users, as it once was)
     * left the JIT compiling through the first trials, and the first trial of every cell below its
     * later ones. Few users, since the compilers share the server's cores with the load and each
     * runnable request thread takes its share of them ahead of the compilers: the JIT is quiet
     * in fewer rounds. Not fewer still: at two users the cells at tens of users still found their
     * first trial slow (the pool's connections and the database's backends that two users never
     * reach). A smoke run proves that everything works and measures nothing: it warms up its first
     * path alone, once, so that the load client's first requests (a remote JMeter engine starts
     * cold) come before the first cell's measured seconds.
     */
    public static final int WARM_UP_SECONDS = 1;
    public static final int WARM_UP_USERS = 8;
    /**
     * The JIT is quiet once its compilers were at work for at most this share of a round's time
     * (their accumulated time over the round's, so two compilers at once count twice).
     */
    public static final double WARM_UP_JIT_QUIET = 0.3;
    /**
     * The open model's arrivals a second in each warm-up round: well within what every server
     * serves of the quickest open work, and enough arrivals for the load client's JIT.
     */
    public static final int WARM_UP_OPEN_RATE = 500;
    /** A server whose JIT is never quiet is warmed up no longer than this (a round that would end past it does not start). */
    public static final int WARM_UP_MOST_SECONDS = 60;

    /** The most a server variant's warm-up takes, for the run's estimate: the cap, or one round of its first path in a smoke run. */
    public static double warmUpMostSeconds(Options options, double cellOverhead) {
        return options.smoke() ? WARM_UP_SECONDS + cellOverhead : WARM_UP_MOST_SECONDS;
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
