package dev.trainyard.train;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/** The dispatcher's bounded queue, seen by a batch policy. */
final class QueueSource<J> implements JobSource<J> {

    private final BlockingQueue<J> queue;

    QueueSource(BlockingQueue<J> queue) {
        this.queue = queue;
    }

    @Override
    public J take() throws InterruptedException {
        return queue.take();
    }

    @Override
    public J poll(long nanos) throws InterruptedException {
        return queue.poll(nanos, TimeUnit.NANOSECONDS);
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
