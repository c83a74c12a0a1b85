package dev.trainyard.train;

import dev.trainyard.metrics.Distribution;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ThreadFactory;
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
        this.source = new QueueSource<>(queue);
        this.departureTimeoutNanos = departureTimeoutNanos;
        for (int i = 0; i < workerCount; i++) {
            Thread worker = threads.newThread(this::work);
            workers.add(worker);
            worker.start();
        }
    }

    /** Queues the job; false (and nothing queued) when the queue is full or shutting down. */
    public boolean submit(Job<K, R> job) {
        if (policy instanceof AdaptivePolicy adaptive) {
            adaptive.arrived(job.arrivedNanos());
        }
        if (running && queue.offer(job)) {
            return true;
        }
        rejected.increment();
        return false;
    }

    /** Counts a job that gave up while queued (its request timed out). */
    public void expired() {
        expired.increment();
    }

    private void work() {
        while (running) {
            List<Job<K, R>> batch;
            try {
                batch = policy.next(source);
            } catch (InterruptedException e) {
                break;
            }
            busyWorkers.incrementAndGet();
            try {
                ride(batch);
            } catch (RuntimeException e) {
                LOG.log(Level.SEVERE, "train worker failed; its jobs were answered 503", e);
            } finally {
                busyWorkers.decrementAndGet();
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
                job.abandon("waited " + waitedNanos / 1_000_000 + " ms for a departure; not applied", expired::increment);
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
        } catch (Exception e) {
            failedBatches.increment();
            LOG.log(Level.WARNING, "train " + command.name() + " batch of " + riders.size() + " failed: " + e);
            for (Job<K, R> job : riders) {
                failed.increment();
                job.arrive(Outcome.failed("database unavailable"));
            }
            return;
        } finally {
            trip.recordNanos(System.nanoTime() - start);
        }
        for (int i = 0; i < riders.size(); i++) {
            Outcome<R> outcome = outcomes.get(i);
            (outcome instanceof Outcome.Found ? found : outcome instanceof Outcome.Missing ? missing : failed).increment();
            riders.get(i).arrive(outcome);
        }
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

    /** Stops the workers and answers every job still queued (503): none is left hanging. */
    @Override
    public void close() {
        running = false;
        workers.forEach(Thread::interrupt);
        List<Job<K, R>> left = new ArrayList<>();
        queue.drainTo(left);
        for (Job<K, R> job : left) {
            job.abandon("the server is shutting down");
        }
    }
}
