package dev.trainyard.tool.compare.plan;

/**
 * What limits a cell's concurrency besides its users: nothing, the server's request threads, or
 * one of the offload executors (by the name its /metrics gives it).
 *
 * @param pool the executor's name, for {@link Kind#POOL}; null otherwise
 */
public record Bound(Kind kind, String pool) {

    public enum Kind { NONE, THREADS, POOL }

    /** Nothing below the users: the style waits on no bounded resource of the server's. */
    public static final Bound NONE = new Bound(Kind.NONE, null);
    /** The server's request threads (a blocking style holds one for the whole request). */
    public static final Bound THREADS = new Bound(Kind.THREADS, null);

    /** An offload executor's concurrency. */
    public static Bound pool(String name) {
        return new Bound(Kind.POOL, name);
    }

    /** What it is, as the report's Why list names it: "the request threads", "the bounded pool". */
    public String describe() {
        return switch (kind) {
            case NONE -> "nothing";
            case THREADS -> "the request threads";
            case POOL -> "the " + pool + " pool";
        };
    }
}
