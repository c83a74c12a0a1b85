package dev.trainyard.answer;

import dev.trainyard.config.ClientPace;
import dev.trainyard.config.Setting;
import dev.trainyard.config.ThreadFactories;
import dev.trainyard.metrics.MetricSource;
import dev.trainyard.metrics.Metrics;
import dev.trainyard.metrics.PrometheusText;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRequest;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;
import java.util.logging.Logger;

/**
 * Every async request of the WAR that is open now (async style and Train alike), how they ended,
 * and the drain that answers them all when the server stops. The open count must come back to
 * zero after any load: an async request that never completes is a leak the container cannot see.
 */
public final class OpenCalls implements MetricSource {

    private static final String CONTEXT_KEY = OpenCalls.class.getName();
    private static final Logger LOG = Logger.getLogger(OpenCalls.class.getName());

    private final Set<AsyncCall> open = ConcurrentHashMap.newKeySet();
    /** Answers handed to the container that their clients have not taken yet, each with the time it must be out by. */
    private final Map<AsyncCall, Long> unread = new ConcurrentHashMap<>();
    /** How long a client may take none of what it is sent (a stream's page, an answer) before its request is cut. */
    private final long stallMillis;
    private final boolean endsOnContainerThread;
    /** The connections of the answers cut here, for as long as a request may still be read from one. */
    final AbortedConnections aborted;
    /** Sweeps {@link #unread} while the WAR runs; made on first need, stopped by the drain. */
    private ScheduledExecutorService sweeper;
    private final LongAdder started = new LongAdder();
    final LongAdder notRun = new LongAdder();
    final LongAdder unknown = new LongAdder();
    final LongAdder cut = new LongAdder();
    final LongAdder clientGone = new LongAdder();
    private final long graceMillis;
    /** Requests on container threads now (blocking ones): a drain lets them end too. */
    private final IntSupplier busyRequestThreads;
    private volatile boolean draining;
    /** Held by the one drain; later drains wait on it and find the work done. */
    private final Object drainOnce = new Object();
    private boolean drained;
    /** Notified as calls close during a drain (never held while a call's own lock is taken). */
    private final Object progress = new Object();

    /**
     * @param graceMillis how long a drain waits for running work to answer by itself
     * @param busyRequestThreads how many container threads are serving requests now
     */
    OpenCalls(long graceMillis, IntSupplier busyRequestThreads) {
        this(graceMillis, busyRequestThreads, ClientPace.fromSystem().stallMillis());
    }

    /** @param stallMillis how long an answer may wait for a client that takes none of it */
    OpenCalls(long graceMillis, IntSupplier busyRequestThreads, long stallMillis) {
        this(graceMillis, busyRequestThreads, stallMillis,
                Setting.ASYNC_END_ON.choice().equals("container-thread"));
    }

    /** @param endsOnContainerThread whether the WAR's own threads hand a request's end to a container thread ({@link RequestEnd}) */
    OpenCalls(long graceMillis, IntSupplier busyRequestThreads, long stallMillis, boolean endsOnContainerThread) {
        this.graceMillis = graceMillis;
        this.busyRequestThreads = busyRequestThreads;
        this.stallMillis = stallMillis;
        this.endsOnContainerThread = endsOnContainerThread;
        this.aborted = new AbortedConnections(stallMillis, System::nanoTime);
    }

    /**
     * Whether a request's end must come from a container thread: set (trainyard.async.endOn) where
     * the container runs the connection's next request on the thread that ends one.
     */
    boolean endsOnContainerThread() {
        return endsOnContainerThread;
    }

    /** The context's registry, made (and put on /metrics) on first use. */
    public static OpenCalls of(ServletContext context) {
        synchronized (context) {
            OpenCalls calls = (OpenCalls) context.getAttribute(CONTEXT_KEY);
            if (calls == null) {
                calls = new OpenCalls(Setting.SHUTDOWN_GRACE_MILLIS.integer(),
                        Metrics.of(context).requestThreads()::busy);
                context.setAttribute(CONTEXT_KEY, calls);
                Metrics.of(context).register(calls);
            }
            return calls;
        }
    }

    void opened(AsyncCall call) {
        started.increment();
        open.add(call);
        // Checked after adding: either the drain's sweep sees this call, or this sees the drain.
        if (draining) {
            call.refuse(503, "the server is shutting down; not run");
        }
    }

    /** An answer its client has not taken yet: cut if it is still not out after the stall bound. */
    void unread(AsyncCall call) {
        unread.put(call, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(stallMillis));
        synchronized (unread) {
            if (sweeper == null && !drained) {
                long every = ClientPace.lookEveryMillis(stallMillis);
                sweeper = Executors.newSingleThreadScheduledExecutor(ThreadFactories.platform("trainyard-unread-answers"));
                sweeper.scheduleWithFixedDelay(this::sweep, every, every, TimeUnit.MILLISECONDS);
            }
        }
    }

    /** Cuts the answers past the stall bound; run by the sweeper (and a test). */
    void sweep() {
        long now = System.nanoTime();
        unread.forEach((call, by) -> {
            if (now - by > 0) {
                unread.remove(call);
                call.overdue(stallMillis);
            }
        });
    }

    void closed(AsyncCall call) {
        open.remove(call);
        unread.remove(call);
        if (draining) {
            synchronized (progress) {
                progress.notifyAll();
            }
        }
    }

    /**
     * Whether {@code request} was read from a connection whose answer the WAR aborted: it must not
     * run, since its container is closing that connection and may recycle it unannounced.
     */
    public boolean behindAnAbort(ServletRequest request) {
        return aborted.holds(request);
    }

    public int openCount() {
        return open.size();
    }

    int unreadCount() {
        return unread.size();
    }

    long cutCount() {
        return cut.sum();
    }

    /** True once the server has begun to stop: new requests are refused, health answers 503. */
    public boolean draining() {
        return draining;
    }

    /**
     * Stops the WAR's work cleanly, once (later calls wait for the first): new requests are
     * refused from now on ({@link Endpoint}), every async call still waiting is refused 503 (it
     * never ran, so a retry elsewhere is safe), running work (async calls and requests on
     * container threads alike) gets up to trainyard.shutdown.graceMillis to answer by itself, and
     * an async call still running then is answered 504 (its outcome is unknown) or, for a
     * stream, cut.
     */
    public void drain() {
        synchronized (drainOnce) {
            if (drained) {
                return;
            }
            draining = true;
            long start = System.nanoTime();
            for (AsyncCall call : List.copyOf(open)) {
                call.refuse(503, "the server is shutting down; not run");
            }
            long deadline = start + TimeUnit.MILLISECONDS.toNanos(graceMillis);
            while (open.stream().anyMatch(AsyncCall::running) || busyRequestThreads.getAsInt() > 0) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    break;
                }
                synchronized (progress) {
                    try {
                        progress.wait(Math.min(left, 100));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
            int abandoned = 0;
            for (AsyncCall call : List.copyOf(open)) {
                if (call.running()) {
                    abandoned++;
                }
                call.abandon("the server is shutting down and the work did not finish within " + graceMillis + " ms");
            }
            drained = true;
            synchronized (unread) {
                if (sweeper != null) {
                    sweeper.shutdownNow();
                }
            }
            LOG.info("drained async requests in " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms; "
                    + abandoned + " still running were answered 504");
        }
    }

    @Override
    public void writeTo(PrometheusText out) {
        out.family("trainyard_async_open_requests", "gauge", "Async requests (async style and train) started and not yet completed (0 when idle)")
                .sample("trainyard_async_open_requests", open.size());
        out.family("trainyard_async_requests_total", "counter", "Async requests started (async style and train)")
                .sample("trainyard_async_requests_total", started.sum());
        out.family("trainyard_async_timeouts_total", "counter",
                        "Async requests ended by a deadline: not_run (503, never ran), unknown (504, ran past it), cut (a stream ended where it was)")
                .sample("trainyard_async_timeouts_total", notRun.sum(), "outcome", "not_run")
                .sample("trainyard_async_timeouts_total", unknown.sum(), "outcome", "unknown")
                .sample("trainyard_async_timeouts_total", cut.sum(), "outcome", "cut");
        out.family("trainyard_async_errors_total", "counter", "Async requests ended because the client went away")
                .sample("trainyard_async_errors_total", clientGone.sum());
        out.family("trainyard_async_unread_answers", "gauge",
                        "Async answers handed to the container that their clients have not taken yet (their connections aborted once they wait past the stall bound)")
                .sample("trainyard_async_unread_answers", unread.size());
        out.family("trainyard_aborted_connections", "gauge",
                        "Connections whose answers were cut, remembered so that no request read from them afterwards runs (at most "
                        + AbortedConnections.CAPACITY + ", each for the stall bound)")
                .sample("trainyard_aborted_connections", aborted.size());
        out.family("trainyard_requests_behind_abort_total", "counter",
                        "Requests read from a connection after its answer was cut, not run (the connection was closing)")
                .sample("trainyard_requests_behind_abort_total", aborted.turnedAway());
        out.family("trainyard_draining", "gauge", "1 once the server has begun to stop")
                .sample("trainyard_draining", draining ? 1 : 0);
    }
}
