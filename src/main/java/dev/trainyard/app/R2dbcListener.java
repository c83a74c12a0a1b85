package dev.trainyard.app;

import dev.trainyard.answer.OpenCalls;
import dev.trainyard.config.DbLimits;
import dev.trainyard.config.DbPool;
import dev.trainyard.config.Setting;
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
                Setting.R2DBC_EVENT_LOOPS.integer());
        R2dbcDatabase database = new R2dbcDatabase(config);
        event.getServletContext().setAttribute(CONTEXT_KEY, database);
        Metrics.of(event.getServletContext()).register(out -> database.metrics().ifPresent(metrics -> {
            out.gauge("trainyard_r2dbc_connections_acquired", "R2DBC connections in use now", metrics.acquiredSize());
            out.gauge("trainyard_r2dbc_connections_idle", "R2DBC connections open and idle in the pool", metrics.idleSize());
            out.gauge("trainyard_r2dbc_connections_max", "The R2DBC pool's size (trainyard.jdbc.poolSize, as the JDBC pool's)",
                    metrics.getMaxAllocatedSize());
            out.gauge("trainyard_r2dbc_connection_pending", "Acquires waiting for an R2DBC connection now", metrics.pendingAcquireSize());
            out.gauge("trainyard_r2dbc_connection_pending_max", "Acquires that may wait at once; beyond, refused 503 (trainyard.db.maxWaiting)",
                    metrics.getMaxPendingAcquireSize());
            out.gauge("trainyard_r2dbc_event_loops", "The R2DBC driver's event-loop threads at most (trainyard.r2dbc.eventLoops)",
                    config.eventLoops());
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
