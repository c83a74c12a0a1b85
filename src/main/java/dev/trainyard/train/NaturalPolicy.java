package dev.trainyard.train;

import java.util.List;

/**
 * Departs as soon as a worker is free, with everyone waiting then (up to the maximum). A lone
 * request leaves at once, so light traffic pays no penalty; under load, batches grow by
 * themselves while the workers are busy with the previous trips.
 */
public final class NaturalPolicy implements BatchPolicy {

    private final int maxBatch;

    public NaturalPolicy(int maxBatch) {
        this.maxBatch = maxBatch;
    }

    @Override
    public <K, R> void next(JobSource<Job<K, R>> source, List<Job<K, R>> batch) throws InterruptedException {
        batch.add(source.take());
        source.drainTo(batch, maxBatch - 1);
    }

    @Override
    public String name() {
        return "natural";
    }
}
