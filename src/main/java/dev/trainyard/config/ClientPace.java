package dev.trainyard.config;

/**
 * How slow a client may be before the WAR gives up on it: the stall bound (a stream's reader, an
 * answer's or a body's sender that moves nothing for this long is cut) and the least pace a body
 * must keep over each such stretch. A body sent a byte at a time keeps any idle timeout away, so
 * the stall bound alone would let it hold its request (and, in the blocking style, a thread) for
 * as long as its sender likes.
 *
 * @param stallMillis the stall bound (trainyard.async.streamStallMillis)
 * @param leastBodyBytesPerSecond the least pace of a body over each stall bound
 *        (trainyard.body.leastBytesPerSecond; at least one byte per stall bound whatever it says)
 */
public record ClientPace(long stallMillis, long leastBodyBytesPerSecond) {

    public static ClientPace fromSystem() {
        return new ClientPace(Setting.ASYNC_STREAM_STALL_MILLIS.integer(),
                Setting.BODY_LEAST_BYTES_PER_SECOND.integer());
    }

    /**
     * How often a watch looks at what it bounds by {@code stallMillis}: often enough that what
     * the bound cuts is cut soon after the bound, not up to twice it.
     */
    public static long lookEveryMillis(long stallMillis) {
        return Math.max(250, stallMillis / 4);
    }

    /** How often a watch looks at a body's pace. */
    public long lookEveryMillis() {
        return lookEveryMillis(stallMillis);
    }

    /** The bytes a body must bring in each stall bound. */
    public long leastBytesPerStall() {
        return Math.max(1, leastBodyBytesPerSecond * stallMillis / 1000);
    }
}
