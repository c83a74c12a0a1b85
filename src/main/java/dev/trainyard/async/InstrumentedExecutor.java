package dev.trainyard.async;

import dev.trainyard.metrics.Distribution;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * An executor the async endpoints hand work to, with every bound visible: threads (or, for
 * virtual threads, a semaphore of permits), queue capacity, what is active, queued, completed and
 * rejected, and how long tasks waited in the queue before a thread took them. A full executor
 * rejects at once (RejectedExecutionException); the endpoint answers 503.
 */
public final class InstrumentedExecutor {

    private final String name;
    private final String kind;
    private final ThreadPoolExecutor pool;
    private final ThreadFactory virtual;
    private final Semaphore permits;
    private final int maxConcurrency;
    private final int queueCapacity;
    final LongAdder completed = new LongAdder();
    final LongAdder rejected = new LongAdder();
    final Distribution waited = Distribution.latency();

    private InstrumentedExecutor(String name, String kind, ThreadPoolExecutor pool, ThreadFactory virtual,
                                 int maxConcurrency, int queueCapacity) {
        this.name = name;
        this.kind = kind;
        this.pool = pool;
        this.virtual = virtual;
        this.permits = virtual == null ? null : new Semaphore(maxConcurrency);
        this.maxConcurrency = maxConcurrency;
        this.queueCapacity = queueCapacity;
    }

    /** A fixed pool of platform threads in front of the given queue (its capacity for metrics). */
    static InstrumentedExecutor platform(String name, int threads, BlockingQueue<Runnable> queue, int queueCapacity,
                                         ThreadFactory factory) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, queue, factory,
                new ThreadPoolExecutor.AbortPolicy());
        // Threads start on demand and idle ones retire: an oversized pool costs what it uses.
        pool.allowCoreThreadTimeOut(true);
        return new InstrumentedExecutor(name, "platform", pool, null, threads, queueCapacity);
    }

    /** One virtual thread per task, at most {@code max} at once; no queue: beyond that, rejected. */
    static InstrumentedExecutor virtual(String name, int max, ThreadFactory virtualThreads) {
        return new InstrumentedExecutor(name, "virtual", null, virtualThreads, max, 0);
    }

    public void execute(Runnable task) {
        long queued = System.nanoTime();
        Runnable measured = () -> {
            waited.recordNanos(System.nanoTime() - queued);
            try {
                task.run();
            } finally {
                completed.increment();
                if (permits != null) {
                    permits.release();
                }
            }
        };
        try {
            if (permits != null) {
                if (!permits.tryAcquire()) {
                    throw new RejectedExecutionException(name + " executor is at its bound of " + maxConcurrency);
                }
                try {
                    virtual.newThread(measured).start();
                } catch (RuntimeException | Error e) {
                    permits.release();
                    throw new RejectedExecutionException("could not start a virtual thread", e);
                }
            } else {
                pool.execute(measured);
            }
        } catch (RejectedExecutionException e) {
            rejected.increment();
            throw e;
        }
    }

    public String name() {
        return name;
    }

    String kind() {
        return kind;
    }

    int active() {
        return pool != null ? pool.getActiveCount() : maxConcurrency - permits.availablePermits();
    }

    int poolSize() {
        return pool != null ? pool.getPoolSize() : active();
    }

    int maxConcurrency() {
        return maxConcurrency;
    }

    int queueDepth() {
        return pool != null ? pool.getQueue().size() : 0;
    }

    /** -1 for an unbounded queue (the pitfall), shown as such on /metrics. */
    int queueCapacity() {
        return queueCapacity;
    }

    /** Stops a pool's threads; virtual tasks end on their own. */
    void shutdown() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
