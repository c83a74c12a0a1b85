package dev.trainyard.data;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * How long the WAR's borrows wait for the server's pool to hand over a connection (its check of
 * the connection included), and how many may wait at once. Counted by the WAR itself, so it shows
 * on every thread model: a thread dump lists a virtual thread parked in the pool only with the
 * JVM's JSON dump. The total wait over a stretch of time, divided by its length, is how many
 * borrows waited at once on average.
 *
 * <p>The bound is what request threads give a platform server for free and virtual threads take
 * away: with a virtual thread per request, every user of an overloaded server would queue in the
 * pool and be answered only when its wait ran out. A borrow beyond the bound is refused at once
 * (503 with Retry-After), before it holds anything.
 */
public final class PoolWaits {

    private final AtomicInteger waiting = new AtomicInteger();
    private final LongAdder waitNanos = new LongAdder();
    private final LongAdder borrowed = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private volatile int maxWaiting = Integer.MAX_VALUE;

    /** At most this many borrows wait for the pool at once; the next is refused. */
    public void bound(int maxWaiting) {
        if (maxWaiting < 1) {
            throw new IllegalArgumentException("at least one borrow must be able to wait: " + maxWaiting);
        }
        this.maxWaiting = maxWaiting;
    }

    Connection borrow(DataSource pool) throws SQLException {
        if (waiting.incrementAndGet() > maxWaiting) {
            waiting.decrementAndGet();
            refused.increment();
            throw new DataUnavailableException(maxWaiting + " requests already wait for a database connection; try again shortly", null);
        }
        long start = System.nanoTime();
        try {
            Connection connection = pool.getConnection();
            borrowed.increment();
            return connection;
        } finally {
            waitNanos.add(System.nanoTime() - start);
            waiting.decrementAndGet();
        }
    }

    /** Borrows waiting for a connection now. */
    public int waiting() {
        return waiting.get();
    }

    /** Time all borrows have waited so far, in seconds. */
    public double waitSeconds() {
        return waitNanos.sum() / 1e9;
    }

    /** The most borrows that may wait at once. */
    public int maxWaiting() {
        return maxWaiting;
    }

    /** Borrows refused so far because the bound was reached. */
    public long refused() {
        return refused.sum();
    }

    /** Connections handed over so far. */
    public long borrowed() {
        return borrowed.sum();
    }
}
