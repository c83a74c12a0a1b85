package dev.trainyard.async;

import dev.trainyard.config.Setting;
import dev.trainyard.config.ThreadFactories;
import dev.trainyard.metrics.Distribution;
import dev.trainyard.metrics.MetricSource;
import dev.trainyard.metrics.PrometheusText;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The executors the async style hands work to (experiment E2 offload), each sized by a setting:
 * <ul>
 * <li>default: the common framework default on purpose, 8 threads and an unbounded queue, so
 *     latency grows without limit under load (the pitfall);</li>
 * <li>bounded: the cure, threads sized for the expected concurrency and a bounded queue; when
 *     full, the request is refused at once (503 with Retry-After);</li>
 * <li>oversized: a deliberately large pool, to show what its threads cost;</li>
 * <li>virtual: a virtual thread per task, bounded by a semaphore (JVMs with virtual threads);</li>
 * <li>db: where the async database endpoints do their JDBC and JPA work, sized to the connection
 *     pool so that a queue, not the pool, absorbs bursts.</li>
 * </ul>
 * Plus a small scheduler that completes /async/sleep requests when their time is up.
 */
public final class AsyncExecutors implements MetricSource {

    public static final List<String> OFFLOAD_POOLS = List.of("default", "bounded", "oversized", "virtual");

    private final Map<String, InstrumentedExecutor> executors = new LinkedHashMap<>();
    private final ScheduledThreadPoolExecutor scheduler;

    AsyncExecutors() {
        int defaultThreads = Setting.ASYNC_DEFAULT_THREADS.integer();
        add(InstrumentedExecutor.platform("default", defaultThreads, new LinkedBlockingQueue<>(), -1,
                ThreadFactories.platform("async-default")));
        int boundedThreads = Setting.ASYNC_BOUNDED_THREADS.integer();
        int boundedQueue = Setting.ASYNC_BOUNDED_QUEUE.integer();
        add(InstrumentedExecutor.platform("bounded", boundedThreads, new ArrayBlockingQueue<>(boundedQueue), boundedQueue,
                ThreadFactories.platform("async-bounded")));
        int oversized = Setting.ASYNC_OVERSIZED_THREADS.integer();
        add(InstrumentedExecutor.platform("oversized", oversized, new SynchronousQueue<>(), 0,
                ThreadFactories.platform("async-oversized")));
        java.util.concurrent.ThreadFactory virtualThreads = ThreadFactories.virtual("async-virtual");
        if (virtualThreads != null) {
            int max = Setting.ASYNC_VIRTUAL_MAX.integer();
            add(InstrumentedExecutor.virtual("virtual", max, virtualThreads));
        }
        int dbThreads = Setting.ASYNC_DB_THREADS.integer();
        int dbQueue = Setting.ASYNC_DB_QUEUE.integer();
        add(InstrumentedExecutor.platform("db", dbThreads, new ArrayBlockingQueue<>(dbQueue), dbQueue,
                ThreadFactories.platform("async-db")));
        scheduler = new ScheduledThreadPoolExecutor(Setting.ASYNC_SCHEDULER_THREADS.integer(),
                ThreadFactories.platform("async-timer"));
        scheduler.setRemoveOnCancelPolicy(true);
    }

    private void add(InstrumentedExecutor executor) {
        executors.put(executor.name(), executor);
    }

    /** The named executor, or null when this JVM does not offer it (virtual before Java 21). */
    public InstrumentedExecutor get(String name) {
        return executors.get(name);
    }

    ScheduledThreadPoolExecutor scheduler() {
        return scheduler;
    }

    void shutdown() {
        executors.values().forEach(InstrumentedExecutor::shutdown);
        scheduler.shutdownNow();
    }

    @Override
    public void writeTo(PrometheusText out) {
        List<InstrumentedExecutor> all = List.copyOf(executors.values());
        series(out, all, "trainyard_executor_active", "gauge", "Tasks running now", InstrumentedExecutor::active);
        series(out, all, "trainyard_executor_pool_size", "gauge", "Threads alive in the pool (running virtual tasks for kind=virtual)", InstrumentedExecutor::poolSize);
        series(out, all, "trainyard_executor_max_concurrency", "gauge", "Bound on concurrent tasks (threads or permits)", InstrumentedExecutor::maxConcurrency);
        series(out, all, "trainyard_executor_queue_depth", "gauge", "Tasks waiting for a thread", InstrumentedExecutor::queueDepth);
        series(out, all, "trainyard_executor_queue_capacity", "gauge", "Bound of the queue (-1: unbounded)", InstrumentedExecutor::queueCapacity);
        series(out, all, "trainyard_executor_completed_total", "counter", "Tasks finished", e -> e.completed.sum());
        series(out, all, "trainyard_executor_rejected_total", "counter", "Tasks refused because the executor was full (answered 503)", e -> e.rejected.sum());
        summary(out, all, "trainyard_executor_queue_wait_seconds", "Time a task waited in the queue before a thread took it", e -> e.waited);
        out.family("trainyard_scheduler_pending", "gauge", "Sleeps scheduled to complete later")
                .sample("trainyard_scheduler_pending", scheduler.getQueue().size());
    }

    private static void series(PrometheusText out, List<InstrumentedExecutor> all, String name, String type, String help,
                               ToDoubleFunction<InstrumentedExecutor> value) {
        out.family(name, type, help);
        for (InstrumentedExecutor e : all) {
            out.sample(name, value.applyAsDouble(e), "executor", e.name(), "kind", e.kind());
        }
    }

    private static void summary(PrometheusText out, List<InstrumentedExecutor> all, String name, String help,
                                Function<InstrumentedExecutor, Distribution> distribution) {
        out.family(name, "summary", help);
        for (InstrumentedExecutor e : all) {
            distribution.apply(e).writeSamples(out, name, "executor", e.name(), "kind", e.kind());
        }
    }
}
