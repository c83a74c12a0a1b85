package dev.trainyard.data.r2dbc;

import dev.trainyard.data.DataUnavailableException;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.FastThreadLocal;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.pool.PoolMetrics;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.postgresql.jdbcurlresolver.PgPassParser;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;
import reactor.util.retry.Retry;
import reactor.pool.PoolAcquirePendingLimitException;

/**
 * The WAR's R2DBC pool: built at deployment from an {@link R2dbcConfig}, on event loops of its
 * own (reactor-netty's global ones would outlive an undeploy), and closed with them. Building it
 * opens no connection, so a WAR deployed while the database is down starts, answers 503 and
 * recovers by itself, as on the JDBC path.
 */
public final class R2dbcDatabase implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(R2dbcDatabase.class.getName());
    /** query_canceled: PostgreSQL's statement_timeout cut the statement. */
    private static final String CANCELLED = "57014";

    private final R2dbcConfig config;
    private final LoopResources loops;
    private final ConnectionPool pool;
    private final Scheduler onLoops;

    public R2dbcDatabase(R2dbcConfig config) {
        this.config = config;
        this.loops = LoopResources.create("trainyard-r2dbc", config.eventLoops(), true);
        this.onLoops = Schedulers.fromExecutor(loops.onClient(LoopResources.DEFAULT_NATIVE));
        PostgresqlConnectionFactory factory = new PostgresqlConnectionFactory(PostgresqlConnectionConfiguration.builder()
                .host(config.host()).port(config.port()).database(config.database()).username(config.user())
                .password(this::password)
                .applicationName("trainyard-r2dbc")
                .connectTimeout(Duration.ofSeconds(config.connectTimeoutSeconds()))
                .statementTimeout(Duration.ofMillis(config.statementTimeoutMillis()))
                .loopResources(loops)
                .build());
        this.pool = new ConnectionPool(ConnectionPoolConfiguration.builder(factory)
                .name("trainyard-r2dbc")
                .initialSize(0)
                .minIdle(config.minIdle())
                .maxSize(config.poolSize())
                .maxAcquireTime(Duration.ofMillis(config.maxWaitMillis()))
                .maxCreateConnectionTime(Duration.ofSeconds(config.connectTimeoutSeconds()))
                .maxValidationTime(Duration.ofSeconds(config.connectTimeoutSeconds()))
                // A connection the pool cannot make or lend in time is answered 503 at once, not tried again behind the
                // client's back (a dead idle one is another matter: connection()).
                .acquireRetry(0)
                .customizer(builder -> builder.maxPendingAcquire(config.maxWaiting()))
                .build());
        // A query's error that arrives after its request was answered (its timeout fired, its client left) has no
        // subscriber left; Reactor would log it with its stack trace as an error. It is expected, and said once.
        Hooks.onErrorDropped(dropped -> LOG.fine("R2DBC: a failure after its request was answered: " + dropped));
        forgetNettyThreadState();
    }

    public R2dbcConfig config() {
        return config;
    }

    /**
     * A pooled connection; closing it returns it to the pool. Taken on the driver's event loop, not
     * on the caller's thread: Netty's buffers keep per-thread caches, which on a server's request
     * thread would outlive an undeploy and hold the WAR's classes.
     */
    public Mono<Connection> connection() {
        // A pooled connection that died while idle (the database restarted) fails the pool's check as it is
        // handed out, before anything of the request is sent, and the pool drops it: the next one is taken
        // instead of answering 503 for a connection no request used. At most the pool's size of them.
        return pool.create()
                .retryWhen(Retry.max(config.poolSize()).filter(R2dbcDatabase::diedWhileIdle)
                        .onRetryExhaustedThrow((spec, signal) -> signal.failure()))
                .subscribeOn(onLoops);
    }

    /** The driver's event loop that runs the calling thread, if it is one of them. */
    public Optional<Executor> currentLoop() {
        for (EventExecutor loop : loops.onClient(LoopResources.DEFAULT_NATIVE)) {
            if (loop.inEventLoop()) {
                return Optional.of(loop);
            }
        }
        return Optional.empty();
    }

    /** r2dbc-pool's failure for a pooled connection found closed as it is handed out (its Validation). */
    static boolean diedWhileIdle(Throwable failure) {
        return failure instanceof R2dbcNonTransientResourceException && "Connection validation failed".equals(failure.getMessage());
    }

    /** Acquired, idle, pending: what /metrics shows of the pool, empty once closed. */
    public Optional<PoolMetrics> metrics() {
        return pool.isDisposed() ? Optional.empty() : pool.getMetrics();
    }

    /**
     * From PostgreSQL's password file (the system property org.postgresql.pgpassfile, PGPASSFILE or
     * ~/.pgpass), read at each login like the JDBC driver does, so a rotated secret is picked up.
     */
    private CharSequence password() {
        String password = PgPassParser.getPassword(config.host(), Integer.toString(config.port()), config.database(), config.user());
        if (password == null) {
            LOG.warning("R2DBC: no password for " + config.user() + "@" + config.host() + ":" + config.port() + "/" + config.database()
                    + " in PostgreSQL's password file (system property org.postgresql.pgpassfile, PGPASSFILE or ~/.pgpass)");
            return "";
        }
        return password;
    }

    /**
     * A failure of this driver as the JDBC path's 503, with the same message where the cause is the
     * same; the cause is logged for the operator.
     */
    public DataUnavailableException unavailable(Throwable cause) {
        if (cause instanceof DataUnavailableException known) {
            return known;
        }
        LOG.warning("R2DBC database call failed: " + cause);
        if (cause instanceof PoolAcquirePendingLimitException) {
            return new DataUnavailableException(config.maxWaiting() + " requests already wait for a database connection; try again shortly", cause);
        }
        if (cause instanceof R2dbcException r2dbc && CANCELLED.equals(r2dbc.getSqlState())) {
            return new DataUnavailableException("the database did not finish in time (statement timeout); not applied", cause);
        }
        if (cause instanceof TimeoutException) {
            return new DataUnavailableException("the database did not answer in time", cause);
        }
        return new DataUnavailableException("database unavailable", cause);
    }

    /** Closes the connections, then the event loops and Reactor's schedulers: an undeploy leaves no thread of ours. */
    @Override
    public void close() {
        try {
            pool.disposeLater().block(Duration.ofSeconds(config.connectTimeoutSeconds()));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "closing the R2DBC pool failed", e);
        }
        try {
            loops.disposeLater(Duration.ZERO, Duration.ofSeconds(config.connectTimeoutSeconds())).block();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "stopping the R2DBC event loops failed", e);
        }
        Schedulers.shutdownNow();
        Hooks.resetOnErrorDropped();
        forgetNettyThreadState();
    }

    /**
     * Netty keeps per-thread state in the threads it runs on; the server's deploying and undeploying
     * threads live on, and would hold the WAR's classes after it is gone.
     */
    private static void forgetNettyThreadState() {
        FastThreadLocal.removeAll();
    }
}
