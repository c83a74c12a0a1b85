package dev.trainyard.app;

import dev.trainyard.answer.OpenCalls;
import dev.trainyard.config.DbPool;
import dev.trainyard.data.Database;
import dev.trainyard.data.PoolWaits;
import dev.trainyard.metrics.Metrics;
import dev.trainyard.metrics.ServerLimits;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Gives every servlet the same {@link Database}, bounds how many borrows may wait for its pool,
 * lets /metrics report the pool's size and how long borrows wait for it, and closes the JPA unit on undeploy once the requests still using it have
 * answered.
 */
@WebListener
public class DatabaseListener implements ServletContextListener {

    @Override
    public void contextInitialized(ServletContextEvent event) {
        Database database = Database.ofOrCreate(event.getServletContext());
        Metrics.of(event.getServletContext()).register(new ServerLimits(database::dataSource));
        PoolWaits waits = database.poolWaits();
        waits.bound(DbPool.fromSystem().maxWaiting());
        Metrics.of(event.getServletContext()).register(out -> {
            out.gauge("trainyard_db_connection_waiting", "Borrows waiting for the pool to hand over a connection now",
                    waits.waiting());
            out.gauge("trainyard_db_connection_waiting_max", "Borrows that may wait at once; beyond, refused 503 (trainyard.db.maxWaiting)",
                    waits.maxWaiting());
            out.family("trainyard_db_connections_refused_total", "counter", "Borrows refused because the most allowed were waiting")
                    .sample("trainyard_db_connections_refused_total", waits.refused());
            out.family("trainyard_db_connection_wait_seconds_total", "counter", "Time borrows spent waiting for a connection, check included")
                    .sample("trainyard_db_connection_wait_seconds_total", waits.waitSeconds());
            out.family("trainyard_db_connections_borrowed_total", "counter", "Connections the pool handed over")
                    .sample("trainyard_db_connections_borrowed_total", waits.borrowed());
        });
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        // Store queries still running answer first; then their persistence unit closes.
        OpenCalls.of(event.getServletContext()).drain();
        Database.ofOrCreate(event.getServletContext()).close();
    }
}
