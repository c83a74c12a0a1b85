package dev.trainyard.train;

import dev.trainyard.answer.AsyncCall;
import java.util.function.Function;

/**
 * One request waiting for its ride: its key, when it arrived, and its {@link AsyncCall}, the one
 * answer core that its timeout, its client's disconnection and a shutdown go through as well. A
 * job departs only by claiming its call, so a request that was answered while queued never rides,
 * and an outcome that arrives after its request was answered is dropped.
 */
public final class Job<K, R> {

    private final K key;
    private final long arrivedNanos;
    private final AsyncCall call;
    private final Function<Outcome<R>, AsyncCall.Answer> render;

    public Job(K key, long arrivedNanos, AsyncCall call, Function<Outcome<R>, AsyncCall.Answer> render) {
        this.key = key;
        this.arrivedNanos = arrivedNanos;
        this.call = call;
        this.render = render;
    }

    public K key() {
        return key;
    }

    public long arrivedNanos() {
        return arrivedNanos;
    }

    /** Claims the job for a batch; false if it was already answered (timed out, client gone, shutdown). */
    boolean depart() {
        return call.claim();
    }

    /** Answers a departed job with its batch's outcome (dropped if its request was answered meanwhile). */
    void arrive(Outcome<R> outcome) {
        call.answer(render.apply(outcome));
    }

    /**
     * Answers a job that never departed (missed departure, full dispatcher, shutdown): 503, nothing
     * applied. False when the job has departed or was answered: then this says nothing.
     */
    boolean turnAway(String reason) {
        return call.refuse(503, reason);
    }
}
