package dev.trainyard.train;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counts arrivals over the last window, in buckets of a tenth of it: cheap to update from every
 * request thread, precise enough to tell light traffic from heavy.
 */
final class ArrivalRate {

    private static final int BUCKETS = 10;

    private final long bucketNanos;
    /** Per bucket: the bucket's epoch (time / bucketNanos) and its count, interleaved. */
    private final AtomicLongArray slots = new AtomicLongArray(BUCKETS * 2);

    ArrivalRate(long windowNanos) {
        this.bucketNanos = Math.max(1, windowNanos / BUCKETS);
    }

    void arrived(long nowNanos) {
        long epoch = nowNanos / bucketNanos;
        int i = (int) Math.floorMod(epoch, (long) BUCKETS) * 2;
        long seen = slots.get(i);
        if (seen != epoch && slots.compareAndSet(i, seen, epoch)) {
            slots.set(i + 1, 0);
        }
        slots.incrementAndGet(i + 1);
    }

    /** Arrivals in the window ending now. */
    long inWindow(long nowNanos) {
        long current = nowNanos / bucketNanos;
        long total = 0;
        for (int b = 0; b < BUCKETS; b++) {
            long epoch = slots.get(b * 2);
            if (epoch > current - BUCKETS && epoch <= current) {
                total += slots.get(b * 2 + 1);
            }
        }
        return total;
    }
}
