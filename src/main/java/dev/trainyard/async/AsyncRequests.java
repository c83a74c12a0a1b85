package dev.trainyard.async;

import dev.trainyard.metrics.MetricSource;
import dev.trainyard.metrics.PrometheusText;
import dev.trainyard.web.Settings;
import jakarta.servlet.ServletContext;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the async style shares: its executors, its timeout, and the count of async requests that
 * are open (started, not yet completed). That count must come back to zero after any load: an
 * async request that never completes is a leak the container cannot see.
 */
public final class AsyncRequests implements MetricSource {

    private static final String CONTEXT_KEY = AsyncRequests.class.getName();

    private final AsyncExecutors executors;
    private final long timeoutMillis;
    private final long dbTimeoutMillis;
    private final int uploadMaxBytes;
    private final int pageSize;
    private final long streamTimeoutMillis;
    private final long streamStallMillis;
    final AtomicLong open = new AtomicLong();
    final LongAdder started = new LongAdder();
    final LongAdder timedOut = new LongAdder();
    final LongAdder errors = new LongAdder();

    AsyncRequests(AsyncExecutors executors) {
        this.executors = executors;
        this.timeoutMillis = Settings.integer("trainyard.async.timeoutMillis", 30_000, 100, 600_000);
        this.dbTimeoutMillis = Settings.integer("trainyard.async.db.timeoutMillis", 60_000, 100, 600_000);
        this.uploadMaxBytes = Settings.integer("trainyard.upload.maxBytes", 512 * 1024 * 1024, 0, Integer.MAX_VALUE);
        this.pageSize = Settings.integer("trainyard.products.pageSize", 2_000, 1, 100_000);
        // A 100 MB answer to a slow reader takes a while; bounded all the same.
        this.streamTimeoutMillis = Settings.integer("trainyard.async.streamTimeoutMillis", 600_000, 1_000, 3_600_000);
        this.streamStallMillis = Settings.integer("trainyard.async.streamStallMillis", 15_000, 1_000, 600_000);
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

    /** The database endpoints' timeout: long enough for the complex store queries. */
    long dbTimeoutMillis() {
        return dbTimeoutMillis;
    }

    int uploadMaxBytes() {
        return uploadMaxBytes;
    }

    long streamTimeoutMillis() {
        return streamTimeoutMillis;
    }

    int pageSize() {
        return pageSize;
    }

    /** How long a stream may go without writing a byte before it is ended (its reader is gone or stuck). */
    long streamStallMillis() {
        return streamStallMillis;
    }

    @Override
    public void writeTo(PrometheusText out) {
        out.family("trainyard_async_open_requests", "gauge", "Async requests started and not yet completed (0 when idle)")
                .sample("trainyard_async_open_requests", open.get());
        out.family("trainyard_async_requests_total", "counter", "Async requests started")
                .sample("trainyard_async_requests_total", started.sum());
        out.family("trainyard_async_timeouts_total", "counter", "Async requests answered by their timeout")
                .sample("trainyard_async_timeouts_total", timedOut.sum());
        out.family("trainyard_async_errors_total", "counter", "Async requests ended by an I/O error (client gone)")
                .sample("trainyard_async_errors_total", errors.sum());
        out.family("trainyard_async_timeout_seconds", "gauge", "The async timeout setting")
                .sample("trainyard_async_timeout_seconds", timeoutMillis / 1000.0);
    }
}
