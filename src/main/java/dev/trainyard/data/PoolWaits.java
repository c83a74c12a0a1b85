package dev.trainyard.data;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * How long the WAR's borrows wait for the server's pool to hand over a connection (its check of
 * the connection included). Counted by the WAR itself, so it shows on every thread model: a thread
 * dump lists a virtual thread parked in the pool only with the JVM's JSON dump. The total wait over
 * a stretch of time, divided by its length, is how many borrows waited at once on average.
 */
public final class PoolWaits {

    private final AtomicInteger waiting = new AtomicInteger();
    private final LongAdder waitNanos = new LongAdder();
    private final LongAdder borrowed = new LongAdder();

    Connection borrow(DataSource pool) throws SQLException {
        waiting.incrementAndGet();
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

    /** Connections handed over so far. */
    public long borrowed() {
        return borrowed.sum();
    }
}
