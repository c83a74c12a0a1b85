package dev.trainyard.train;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The dispatcher's bounded queue, seen by a batch policy. Its waits come back at least every
 * {@link #CHECK_NANOS} to look whether the dispatcher still runs, and end with an
 * InterruptedException once it does not: closing never needs to interrupt a worker, so a worker
 * that is on a trip is never disturbed in the middle of its database call.
 */
final class QueueSource<J> implements JobSource<J> {

    static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final BlockingQueue<J> queue;
    private final BooleanSupplier running;

    QueueSource(BlockingQueue<J> queue, BooleanSupplier running) {
        this.queue = queue;
        this.running = running;
    }

    @Override
    public J take() throws InterruptedException {
        while (true) {
            J job = poll(CHECK_NANOS);
            if (job != null) {
                return job;
            }
        }
    }

    @Override
    public J poll(long nanos) throws InterruptedException {
        long deadline = System.nanoTime() + nanos;
        while (true) {
            if (!running.getAsBoolean()) {
                throw new InterruptedException("the dispatcher is closed");
            }
            long left = deadline - System.nanoTime();
            J job = queue.poll(Math.max(0, Math.min(left, CHECK_NANOS)), TimeUnit.NANOSECONDS);
            if (job != null || left <= CHECK_NANOS) {
                return job;
            }
        }
    }

    @Override
    public int drainTo(List<J> batch, int max) {
        return max <= 0 ? 0 : queue.drainTo(batch, max);
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }
}
