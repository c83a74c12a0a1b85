package dev.trainyard.train;

import java.util.List;

/**
 * Where a batch policy takes its jobs from. The dispatcher's queue in production; a scripted
 * queue with its own clock in the policies' unit tests, so they run without real waiting.
 */
public interface JobSource<J> {

    /** Waits for the next job. */
    J take() throws InterruptedException;

    /** Waits at most {@code nanos} for the next job; null if none came. */
    J poll(long nanos) throws InterruptedException;

    /** Moves up to {@code max} jobs that are waiting now into {@code batch}, without waiting. */
    int drainTo(List<J> batch, int max);

    /** The source's clock, in nanoseconds. */
    long nanoTime();
}
