package dev.trainyard.answer;

import jakarta.servlet.ServletConnection;
import jakarta.servlet.ServletRequest;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
 * aborted it). Asking costs nothing while none is remembered, as under any well-behaved load,
 * and from the stall bound after the last abort on, once the first request asking let them go.
 */
final class AbortedConnections {

    static final int CAPACITY = 4_096;

    private final Map<String, Long> until = new ConcurrentHashMap<>();
    private final long keepNanos;
    private final LongSupplier clock;
    private final LongAdder turnedAway = new LongAdder();
    /** When the last one remembered expires: after it, the first request asking lets every one go. */
    private final AtomicLong lastUntil = new AtomicLong(Long.MIN_VALUE);

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
            forgetExpired(now);
            if (until.size() >= CAPACITY) {
                // Full of fresh ones: the soonest to expire makes room.
                until.entrySet().stream().min(Map.Entry.comparingByValue()).ifPresent(e -> until.remove(e.getKey(), e.getValue()));
            }
        }
        until.put(id, now + keepNanos);
        lastUntil.accumulateAndGet(now + keepNanos, (a, b) -> a == Long.MIN_VALUE || b - a > 0 ? b : a);
    }

    /** Whether {@code request} came on a connection remembered as aborted (it is then counted turned away). */
    boolean holds(ServletRequest request) {
        if (until.isEmpty()) {
            return false;
        }
        long now = clock.getAsLong();
        if (now - lastUntil.get() > 0) {
            forgetExpired(now);
            if (until.isEmpty()) {
                return false;
            }
        }
        String id = idOf(request);
        Long by = id == null ? null : until.get(id);
        if (by == null) {
            return false;
        }
        if (now - by > 0) {
            until.remove(id, by);
            return false;
        }
        turnedAway.increment();
        return true;
    }

    /** How many are remembered now (the expired ones let go first). */
    int size() {
        forgetExpired(clock.getAsLong());
        return until.size();
    }

    private void forgetExpired(long now) {
        until.values().removeIf(by -> now - by > 0);
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
