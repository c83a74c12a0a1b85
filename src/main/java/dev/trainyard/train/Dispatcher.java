package dev.trainyard.train;

import dev.trainyard.metrics.Distribution;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Groups jobs of one command into batches and runs each batch in one database trip. Bounded on
 * every side: a queue of fixed capacity (a full queue refuses at once, the caller answers 503), a
 * fixed set of workers sized to the connection pool, a departure deadline after which a job that
 * has not left is answered 503 without being applied.
 *
 * <p>No request thread waits here: the request goes async and its thread returns to the
 * container; a worker answers the job when its batch is back.
 */
public final class Dispatcher<K, R> implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(Dispatcher.class.getName());
    /** How long closing waits for workers to bring back the trips they are on. */
    static final long JOIN_MILLIS = 2_000;

    private final Command<K, R> command;
    private final BatchPolicy policy;
    private final BlockingQueue<Job<K, R>> queue;
    private final QueueSource<Job<K, R>> source;
    private final long departureTimeoutNanos;
    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean running = true;

    private final AtomicInteger busyWorkers = new AtomicInteger();
    final LongAdder batches = new LongAdder();
    final LongAdder roundTrips = new LongAdder();
    final LongAdder failedBatches = new LongAdder();
    final LongAdder found = new LongAdder();
    final LongAdder missing = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder unknown = new LongAdder();
    final LongAdder rejected = new LongAdder();
    final LongAdder expired = new LongAdder();
    final Distribution batchSize = Distribution.counts();
    final Distribution waited = Distribution.latency();
    final Distribution trip = Distribution.latency();

    public Dispatcher(Command<K, R> command, BatchPolicy policy, int workerCount, int queueCapacity,
                      long departureTimeoutNanos, ThreadFactory threads) {
        this.command = command;
        this.policy = policy;
        this.queue = new ArrayBlockingQueue<>(queueCapacity);
        this.source = new QueueSource<>(queue, () -> running);
        this.departureTimeoutNanos = departureTimeoutNanos;
        for (int i = 0; i < workerCount; i++) {
            Thread worker = threads.newThread(this::work);
            workers.add(worker);
            worker.start();
        }
    }

    /**
     * Queues the job; false (and nothing queued) when the queue is full or the dispatcher closed.
     * A job that slips in while {@link #close()} drains the queue is taken back out here, or found
     * by the drain: either way it is answered once.
     */
    public boolean submit(Job<K, R> job) {
        if (policy instanceof AdaptivePolicy adaptive) {
            adaptive.arrived(job.arrivedNanos());
        }
        if (running && queue.offer(job)) {
            if (running || !queue.remove(job)) {
                return true;
            }
        }
        rejected.increment();
        return false;
    }

    private void work() {
        List<Job<K, R>> batch = new ArrayList<>();
        while (running) {
            batch.clear();
            try {
                policy.next(source, batch);
            } catch (InterruptedException e) {
                // Closed: the jobs this worker had taken (a window waiting to fill) never departed.
                turnAway(batch, "the server is shutting down; not applied");
                break;
            }
            busyWorkers.incrementAndGet();
            try {
                ride(batch);
            } catch (Throwable e) {
                // Whatever happened (a bug, an Error), the worker lives on; every rider was
                // answered in ride() or is answered by its request's timeout.
                LOG.log(Level.SEVERE, "train " + command.name() + " worker caught " + e + "; it goes on", e);
            } finally {
                busyWorkers.decrementAndGet();
            }
        }
    }

    private void turnAway(List<Job<K, R>> jobs, String reason) {
        for (Job<K, R> job : jobs) {
            try {
                job.turnAway(reason);
            } catch (Throwable e) {
                LOG.log(Level.WARNING, "answering a job turned away failed", e);
            }
        }
    }

    private void ride(List<Job<K, R>> batch) {
        long now = System.nanoTime();
        List<Job<K, R>> riders = new ArrayList<>(batch.size());
        List<K> keys = new ArrayList<>(batch.size());
        for (Job<K, R> job : batch) {
            long waitedNanos = now - job.arrivedNanos();
            if (waitedNanos > departureTimeoutNanos) {
                if (job.turnAway("waited " + waitedNanos / 1_000_000 + " ms for a departure; not applied")) {
                    expired.increment();
                }
            } else if (job.depart()) {
                riders.add(job);
                keys.add(job.key());
                waited.recordNanos(waitedNanos);
            }
        }
        if (riders.isEmpty()) {
            return;
        }
        batches.increment();
        batchSize.record(riders.size());
        List<Outcome<R>> outcomes;
        long start = System.nanoTime();
        try {
            roundTrips.increment();
            outcomes = command.run(keys);
            if (outcomes.size() != riders.size()) {
                throw new IllegalStateException(command.name() + " returned " + outcomes.size() + " outcomes for " + riders.size() + " keys");
            }
        } catch (Throwable e) {
            failedBatches.increment();
            Outcome<R> failure = command.failure(e);
            LOG.log(Level.WARNING, "train " + command.name() + " batch of " + riders.size() + " failed: " + e);
            outcomes = Collections.nCopies(riders.size(), failure);
        } finally {
            trip.recordNanos(System.nanoTime() - start);
        }
        for (int i = 0; i < riders.size(); i++) {
            Outcome<R> outcome = outcomes.get(i);
            counter(outcome).increment();
            try {
                riders.get(i).arrive(outcome);
            } catch (Throwable e) {
                // One rider's answer must never cost the others theirs.
                LOG.log(Level.SEVERE, "answering a train rider failed", e);
            }
        }
    }

    private LongAdder counter(Outcome<R> outcome) {
        if (outcome instanceof Outcome.Found) {
            return found;
        }
        if (outcome instanceof Outcome.Missing) {
            return missing;
        }
        return outcome instanceof Outcome.Unknown ? unknown : failed;
    }

    public String commandName() {
        return command.name();
    }

    public String policyName() {
        return policy.name();
    }

    int queueDepth() {
        return queue.size();
    }

    int queueCapacity() {
        return queue.size() + queue.remainingCapacity();
    }

    int workerCount() {
        return workers.size();
    }

    int busyWorkers() {
        return busyWorkers.get();
    }

    /**
     * Stops taking jobs and answers every job still queued 503: none is left hanging, none rides
     * after this. A worker on a trip finishes it and answers its riders (its database call is not
     * interrupted; the statement timeout bounds it); idle workers notice within
     * {@link QueueSource#CHECK_NANOS}. Waits up to {@code JOIN_MILLIS} for them to end.
     */
    @Override
    public void close() {
        running = false;
        List<Job<K, R>> left = new ArrayList<>();
        queue.drainTo(left);
        turnAway(left, "the server is shutting down; not applied");
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(JOIN_MILLIS);
        for (Thread worker : workers) {
            long wait = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            try {
                if (wait > 0) {
                    worker.join(wait);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        // A worker still on a trip (a database that stopped answering) ends with its socket timeout.
    }
}
