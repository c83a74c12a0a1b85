package dev.trainyard.web;

import dev.trainyard.data.r2dbc.R2dbcConfig;
import dev.trainyard.data.r2dbc.R2dbcDatabase;
import dev.trainyard.metrics.Metrics;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Builds the R2DBC pool at deployment from the settings the servers' JDBC pools are configured
 * with (server-configs/trainyard.properties), shows it on /metrics beside the JDBC pool, and
 * closes it, with its event loops, on undeploy once the requests still using it have answered.
 */
@WebListener
public class R2dbcListener implements ServletContextListener {

    private static final String CONTEXT_KEY = R2dbcDatabase.class.getName();

    public static R2dbcDatabase of(ServletContext context) {
        return (R2dbcDatabase) context.getAttribute(CONTEXT_KEY);
    }

    @Override
    public void contextInitialized(ServletContextEvent event) {
        DbLimits limits = DbLimits.fromSystem();
        DbPool pool = DbPool.fromSystem();
        R2dbcConfig config = R2dbcConfig.forJdbcUrl(pool.url(), pool.user(), pool.size(), pool.minIdle(), limits.poolWaitMillis(),
                pool.maxWaiting(), limits.statementTimeoutMillis(), pool.socketTimeoutSeconds(), pool.connectTimeoutSeconds(),
                Settings.integer("trainyard.r2dbc.eventLoops", Runtime.getRuntime().availableProcessors(), 1, 256));
        R2dbcDatabase database = new R2dbcDatabase(config);
        event.getServletContext().setAttribute(CONTEXT_KEY, database);
        Metrics.of(event.getServletContext()).register(out -> database.metrics().ifPresent(metrics -> {
            out.family("trainyard_r2dbc_connections_acquired", "gauge", "R2DBC connections in use now")
                    .sample("trainyard_r2dbc_connections_acquired", metrics.acquiredSize());
            out.family("trainyard_r2dbc_connections_idle", "gauge", "R2DBC connections open and idle in the pool")
                    .sample("trainyard_r2dbc_connections_idle", metrics.idleSize());
            out.family("trainyard_r2dbc_connections_max", "gauge", "The R2DBC pool's size (trainyard.jdbc.poolSize, as the JDBC pool's)")
                    .sample("trainyard_r2dbc_connections_max", metrics.getMaxAllocatedSize());
            out.family("trainyard_r2dbc_connection_pending", "gauge", "Acquires waiting for an R2DBC connection now")
                    .sample("trainyard_r2dbc_connection_pending", metrics.pendingAcquireSize());
            out.family("trainyard_r2dbc_connection_pending_max", "gauge", "Acquires that may wait at once; beyond, refused 503 (trainyard.db.maxWaiting)")
                    .sample("trainyard_r2dbc_connection_pending_max", metrics.getMaxPendingAcquireSize());
            out.family("trainyard_r2dbc_event_loops", "gauge", "The R2DBC driver's event-loop threads at most (trainyard.r2dbc.eventLoops)")
                    .sample("trainyard_r2dbc_event_loops", config.eventLoops());
        }));
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        OpenCalls.of(event.getServletContext()).drain();
        R2dbcDatabase database = of(event.getServletContext());
        if (database != null) {
            database.close();
        }
    }
}
