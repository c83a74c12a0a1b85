package dev.trainyard.train;

import dev.trainyard.answer.FakeAsync;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * A job queue whose arrivals are scripted in time and whose clock only moves when a policy
 * waits: take() and poll() jump the clock to the next arrival (or to the end of the wait)
 * instead of sleeping. Policies are tested this way with no real time passing.
 */
final class ScriptedSource implements JobSource<Job<Integer, String>> {

    private final Deque<Job<Integer, String>> script = new ArrayDeque<>();
    private long now;

    ScriptedSource at(long nanos, int... keys) {
        for (int key : keys) {
            script.add(new Job<>(key, nanos, FakeAsync.start().call(), outcome -> response -> { }));
        }
        return this;
    }

    /** The worker comes back to the queue at this time (after its previous trip). */
    void advanceTo(long nanos) {
        now = Math.max(now, nanos);
    }

    @Override
    public Job<Integer, String> take() {
        Job<Integer, String> next = script.poll();
        if (next == null) {
            throw new IllegalStateException("the script has no more jobs: the policy would wait forever");
        }
        now = Math.max(now, next.arrivedNanos());
        return next;
    }

    @Override
    public Job<Integer, String> poll(long nanos) {
        Job<Integer, String> next = script.peek();
        if (next != null && next.arrivedNanos() <= now + nanos) {
            now = Math.max(now, next.arrivedNanos());
            return script.poll();
        }
        now += nanos;
        return null;
    }

    @Override
    public int drainTo(List<Job<Integer, String>> batch, int max) {
        int moved = 0;
        while (moved < max && !script.isEmpty() && script.peek().arrivedNanos() <= now) {
            batch.add(script.poll());
            moved++;
        }
        return moved;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    static List<Integer> keys(List<Job<Integer, String>> batch) {
        return batch.stream().map(Job::key).toList();
    }
}
