package dev.trainyard.train;

import java.util.List;

/** When a train departs and who rides: forms the next batch from the waiting jobs. */
public interface BatchPolicy {

    /** Blocks until a batch may depart and returns it (never empty). */
    <K, R> List<Job<K, R>> next(JobSource<Job<K, R>> source) throws InterruptedException;

    String name();
}
