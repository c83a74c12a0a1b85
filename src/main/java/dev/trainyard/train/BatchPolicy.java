package dev.trainyard.train;

import java.util.List;

/** When a train departs and who rides: forms the next batch from the waiting jobs. */
public interface BatchPolicy {

    /**
     * Blocks until a batch may depart and adds it to {@code batch} (which is empty on entry and
     * never empty on a normal return). On an interrupt (shutdown), the jobs it had taken stay in
     * {@code batch}, so that none is lost: the caller answers them.
     */
    <K, R> void next(JobSource<Job<K, R>> source, List<Job<K, R>> batch) throws InterruptedException;

    String name();
}
