package dev.trainyard.data;

import dev.trainyard.metrics.MetricSource;
import dev.trainyard.metrics.PrometheusText;
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
public final class PoolWaits implements MetricSource {

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

    @Override
    public void writeTo(PrometheusText out) {
        out.family("trainyard_db_connection_waiting", "gauge", "Borrows waiting for the pool to hand over a connection now")
                .sample("trainyard_db_connection_waiting", waiting.get());
        out.family("trainyard_db_connection_wait_seconds_total", "counter", "Time borrows spent waiting for a connection, check included")
                .sample("trainyard_db_connection_wait_seconds_total", waitNanos.sum() / 1e9);
        out.family("trainyard_db_connections_borrowed_total", "counter", "Connections the pool handed over")
                .sample("trainyard_db_connections_borrowed_total", borrowed.sum());
    }
}
