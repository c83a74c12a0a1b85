package dev.trainyard.async;

import dev.trainyard.answer.OpenCalls;
import dev.trainyard.config.DbLimits;
import dev.trainyard.config.Setting;
import dev.trainyard.metrics.MetricSource;
import dev.trainyard.metrics.PrometheusText;
import dev.trainyard.scenario.ProductsArgs;
import dev.trainyard.scenario.UploadDigest;
import jakarta.servlet.ServletContext;

/**
 * What the async style shares: its executors and its bounds. The requests it has open are counted,
 * with the Train's, by {@link OpenCalls}.
 */
public final class AsyncRequests implements MetricSource {

    private static final String CONTEXT_KEY = AsyncRequests.class.getName();

    private final AsyncExecutors executors;
    private final long timeoutMillis;
    private final long dbTimeoutMillis;
    private final UploadDigest.Limits uploadLimits;
    private final boolean uploadClosesConnection;
    private final int pageSize;
    private final long streamTimeoutMillis;
    private final long streamStallMillis;
    private final DbLimits db;

    AsyncRequests(AsyncExecutors executors) {
        this.executors = executors;
        this.timeoutMillis = Setting.ASYNC_TIMEOUT_MILLIS.integer();
        this.dbTimeoutMillis = Setting.ASYNC_DB_TIMEOUT_MILLIS.integer();
        this.uploadLimits = UploadDigest.Limits.fromSystem();
        this.uploadClosesConnection = Setting.ASYNC_UPLOAD_CONNECTION.choice()
                .equals("close");
        this.pageSize = ProductsArgs.pageSize();
        // A 100 MB answer to a slow reader takes a while; bounded all the same.
        this.streamTimeoutMillis = Setting.ASYNC_STREAM_TIMEOUT_MILLIS.integer();
        this.streamStallMillis = uploadLimits.pace().stallMillis();
        this.db = DbLimits.fromSystem();
        DbLimits.requireCovers("trainyard.async.db.timeoutMillis", dbTimeoutMillis, db.runBudgetMillis(), "the run budget of a store query");
    }

    public static AsyncRequests of(ServletContext context) {
        return (AsyncRequests) context.getAttribute(CONTEXT_KEY);
    }

    void attach(ServletContext context) {
        context.setAttribute(CONTEXT_KEY, this);
    }

    AsyncExecutors executors() {
        return executors;
    }

    /** How long an async request may stay open before its timeout answers it. */
    long timeoutMillis() {
        return timeoutMillis;
    }

    /**
     * The database endpoints' timeout: the time a request may wait for a db thread, plus the run
     * budget its work is then guaranteed ({@link #db()}; checked at deployment).
     */
    public long dbTimeoutMillis() {
        return dbTimeoutMillis;
    }

    public DbLimits db() {
        return db;
    }

    UploadDigest.Limits uploadLimits() {
        return uploadLimits;
    }

    /**
     * Whether an upload read through a ReadListener closes its connection when answered: set by
     * a server whose keep-alive after one is not safe (server-configs/glassfish says why).
     */
    boolean uploadClosesConnection() {
        return uploadClosesConnection;
    }

    long streamTimeoutMillis() {
        return streamTimeoutMillis;
    }

    public int pageSize() {
        return pageSize;
    }

    /** How long a stream may go without writing a byte before it is ended (its reader is gone or stuck). */
    long streamStallMillis() {
        return streamStallMillis;
    }

    @Override
    public void writeTo(PrometheusText out) {
        out.family("trainyard_async_timeout_seconds", "gauge", "The async timeout setting")
                .sample("trainyard_async_timeout_seconds", timeoutMillis / 1000.0);
        out.family("trainyard_async_db_timeout_seconds", "gauge", "The async database endpoints' timeout: queue wait, then the run budget")
                .sample("trainyard_async_db_timeout_seconds", dbTimeoutMillis / 1000.0);
    }
}
