package dev.trainyard.answer;

import jakarta.servlet.ServletConnection;
import jakarta.servlet.ServletRequest;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The connections whose answers the WAR aborted, remembered for a while, so that no request read
 * from one afterwards is run. Jetty 12 goes on serving the requests a client pipelined behind an
 * answer it was told to abort, on the connection it is closing, and recycles them as it closes
 * without telling their listeners: work started for one of them would end by touching a request
 * the container had recycled. Connection ids are unique for the life of a server on all three
 * containers (a counter each), so a remembered one never turns away a new connection.
 *
 * <p>Bounded: at most {@link #CAPACITY} remembered, each for {@code keepMillis} after its abort
 * (the container serves what it had read of such a connection at once, on the thread that
 * aborted it). Asking costs nothing while none is remembered, as under any well-behaved load.
 */
final class AbortedConnections {

    static final int CAPACITY = 4_096;

    private final Map<String, Long> until = new ConcurrentHashMap<>();
    private final long keepNanos;
    private final LongSupplier clock;
    private final LongAdder turnedAway = new LongAdder();

    /** @param clock nanoseconds, as System::nanoTime */
    AbortedConnections(long keepMillis, LongSupplier clock) {
        this.keepNanos = TimeUnit.MILLISECONDS.toNanos(keepMillis);
        this.clock = clock;
    }

    /** Remembers the connection {@code request} came on: its answer is being aborted. */
    void remember(ServletRequest request) {
        String id = idOf(request);
        if (id == null) {
            return;
        }
        long now = clock.getAsLong();
        if (until.size() >= CAPACITY) {
            until.values().removeIf(by -> now - by > 0);
            if (until.size() >= CAPACITY) {
                // Full of fresh ones: the soonest to expire makes room.
                until.entrySet().stream().min(Map.Entry.comparingByValue()).ifPresent(e -> until.remove(e.getKey(), e.getValue()));
            }
        }
        until.put(id, now + keepNanos);
    }

    /** Whether {@code request} came on a connection remembered as aborted (it is then counted turned away). */
    boolean holds(ServletRequest request) {
        if (until.isEmpty()) {
            return false;
        }
        String id = idOf(request);
        Long by = id == null ? null : until.get(id);
        if (by == null) {
            return false;
        }
        if (clock.getAsLong() - by > 0) {
            until.remove(id, by);
            return false;
        }
        turnedAway.increment();
        return true;
    }

    int size() {
        return until.size();
    }

    long turnedAway() {
        return turnedAway.sum();
    }

    private static String idOf(ServletRequest request) {
        try {
            ServletConnection connection = request.getServletConnection();
            String id = connection == null ? null : connection.getConnectionId();
            return id == null || id.isEmpty() ? null : id;
        } catch (RuntimeException unsupported) {
            // A request the container has let go of, or a container without connection ids.
            return null;
        }
    }
}
