package dev.trainyard.train;

import java.util.List;

/**
 * The original E3 train's suggestion: while fewer jobs than a full batch arrived within the last interval, a
 * job departs alone and at once (no low-traffic penalty); above that rate, the window rule
 * gathers full batches.
 */
public final class AdaptivePolicy implements BatchPolicy {

    private final WindowPolicy window;
    private final NaturalPolicy alone = new NaturalPolicy(1);
    private final ArrivalRate rate;
    private final int batchSize;

    public AdaptivePolicy(int batchSize, long intervalNanos) {
        this.window = new WindowPolicy(batchSize, intervalNanos);
        this.rate = new ArrivalRate(intervalNanos);
        this.batchSize = batchSize;
    }

    /** Called for every job offered to the dispatcher. */
    public void arrived(long nowNanos) {
        rate.arrived(nowNanos);
    }

    @Override
    public <K, R> void next(JobSource<Job<K, R>> source, List<Job<K, R>> batch) throws InterruptedException {
        (busy(source.nanoTime()) ? window : alone).next(source, batch);
    }

    boolean busy(long nowNanos) {
        return rate.inWindow(nowNanos) >= batchSize;
    }

    @Override
    public String name() {
        return "adaptive";
    }
}
