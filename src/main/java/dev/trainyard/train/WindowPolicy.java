package dev.trainyard.train;

import java.util.List;

/**
 * The original E3 train's rule: depart when the batch is full or when the interval has passed since its first
 * job arrived (defaults 5 jobs / 50 ms). A lone request waits out the whole interval: the
 * low-traffic penalty the original E3 train measured.
 */
public final class WindowPolicy implements BatchPolicy {

    private final int batchSize;
    private final long intervalNanos;

    public WindowPolicy(int batchSize, long intervalNanos) {
        this.batchSize = batchSize;
        this.intervalNanos = intervalNanos;
    }

    @Override
    public <K, R> void next(JobSource<Job<K, R>> source, List<Job<K, R>> batch) throws InterruptedException {
        Job<K, R> first = source.take();
        batch.add(first);
        long departure = first.arrivedNanos() + intervalNanos;
        source.drainTo(batch, batchSize - batch.size());
        while (batch.size() < batchSize) {
            long remaining = departure - source.nanoTime();
            if (remaining <= 0) {
                break;
            }
            Job<K, R> next = source.poll(remaining);
            if (next == null) {
                break;
            }
            batch.add(next);
            source.drainTo(batch, batchSize - batch.size());
        }
    }

    @Override
    public String name() {
        return "window";
    }
}
