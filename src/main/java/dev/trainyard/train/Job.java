package dev.trainyard.train;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One request waiting for its ride. Its state only moves forward, by compare-and-set, so that it
 * is answered exactly once: by its batch once it departed, or — only while still queued — by its
 * timeout or a shutdown, in which case it was never applied.
 */
public final class Job<K, R> {

    private static final int QUEUED = 0;
    private static final int DEPARTED = 1;
    private static final int ANSWERED = 2;

    private final K key;
    private final long arrivedNanos;
    private final Consumer<Outcome<R>> answer;
    private final AtomicInteger state = new AtomicInteger(QUEUED);

    public Job(K key, long arrivedNanos, Consumer<Outcome<R>> answer) {
        this.key = key;
        this.arrivedNanos = arrivedNanos;
        this.answer = answer;
    }

    public K key() {
        return key;
    }

    public long arrivedNanos() {
        return arrivedNanos;
    }

    /** Claims the job for a batch; false if it was already answered (timed out). */
    boolean depart() {
        return state.compareAndSet(QUEUED, DEPARTED);
    }

    /** Answers a departed job with its batch's outcome. */
    void arrive(Outcome<R> outcome) {
        if (state.compareAndSet(DEPARTED, ANSWERED)) {
            answer.accept(outcome);
        }
    }

    /**
     * Answers a job that never departed (timeout, full dispatcher, shutdown). Returns false when
     * the job has departed: its batch will answer it.
     */
    public boolean abandon(String reason) {
        return abandon(reason, () -> { });
    }

    /**
     * Withdraws a job that has not departed, without calling its answer: for the request's own
     * timeout callback, which must answer there and then (the container completes the request when
     * the callback returns). False when the job has departed: its batch will answer.
     */
    public boolean cancel() {
        return state.compareAndSet(QUEUED, ANSWERED);
    }

    /** As {@link #abandon(String)}, running {@code claimed} (say, a metric) before the answer goes out. */
    public boolean abandon(String reason, Runnable claimed) {
        if (state.compareAndSet(QUEUED, ANSWERED)) {
            claimed.run();
            answer.accept(Outcome.failed(reason));
            return true;
        }
        return false;
    }
}
