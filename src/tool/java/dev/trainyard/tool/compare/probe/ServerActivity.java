package dev.trainyard.tool.compare.probe;

import dev.trainyard.tool.compare.jvm.WaitSites;

/**
 * What the server did during one cell, from its /metrics: peaks sampled while the load ran,
 * counters as the difference between the cell's first and last scrape.
 *
 * @param platformThreadsPeak most live platform threads in the server's JVM
 * @param busyPlatformPeak most platform request threads inside the WAR at once
 * @param busyVirtualPeak most virtual request threads inside the WAR at once
 * @param queuePeak deepest executor queue (all offload and db executors together)
 * @param trainBatches batches the Train departed
 * @param trainRoundTrips database round trips the Train made
 * @param trainJobs jobs the Train carried
 * @param rejected requests shed with 503 by a full executor or train queue
 * @param scrapes how many samples the peaks come from
 * @param poolWaiting borrows waiting for a pool connection at once, on average over the cell (the WAR's own count)
 * @param waits where the threads doing the WAR's work were, sampled over the measured window
 * @param residentPeakBytes the server process's largest resident memory seen (NaN where /metrics has none)
 * @param cpuSeconds CPU the server's process used over the whole cell, warm-up included (NaN where /metrics has none)
 * @param timeline the threads second by second over the whole cell
 * @param beside what happened beside the load over the whole cell: the server's JIT and collectors, the database's housekeeping
 */
public record ServerActivity(double platformThreadsPeak, double busyPlatformPeak, double busyVirtualPeak, double queuePeak,
        double trainBatches, double trainRoundTrips, double trainJobs, double rejected, int scrapes, double poolWaiting, WaitSites waits,
        double residentPeakBytes, double cpuSeconds, ThreadTimeline timeline, Conditions beside) {

    public static final ServerActivity NONE = new ServerActivity(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, WaitSites.NONE, Double.NaN, Double.NaN);

    /** Without a timeline. */
    public ServerActivity(double platformThreadsPeak, double busyPlatformPeak, double busyVirtualPeak, double queuePeak,
            double trainBatches, double trainRoundTrips, double trainJobs, double rejected, int scrapes, double poolWaiting, WaitSites waits,
            double residentPeakBytes, double cpuSeconds) {
        this(platformThreadsPeak, busyPlatformPeak, busyVirtualPeak, queuePeak, trainBatches, trainRoundTrips, trainJobs, rejected, scrapes,
                poolWaiting, waits, residentPeakBytes, cpuSeconds, ThreadTimeline.NONE, Conditions.UNKNOWN);
    }

    /**
     * Request threads, platform or virtual, inside the WAR at once at the peak: what a style holds per request in
     * flight. Unlike the JVM's live threads it is the cell's own; a pool keeps the threads an earlier cell grew.
     */
    public double requestThreadsPeak() {
        return busyPlatformPeak + busyVirtualPeak;
    }

    public ServerActivity with(WaitSites sampled) {
        return new ServerActivity(platformThreadsPeak, busyPlatformPeak, busyVirtualPeak, queuePeak, trainBatches, trainRoundTrips,
                trainJobs, rejected, scrapes, poolWaiting, sampled, residentPeakBytes, cpuSeconds, timeline, beside);
    }

    public ServerActivity with(Conditions seen) {
        return new ServerActivity(platformThreadsPeak, busyPlatformPeak, busyVirtualPeak, queuePeak, trainBatches, trainRoundTrips,
                trainJobs, rejected, scrapes, poolWaiting, waits, residentPeakBytes, cpuSeconds, timeline, seen);
    }

    public double meanBatch() {
        return trainBatches == 0 ? Double.NaN : trainJobs / trainBatches;
    }
}
