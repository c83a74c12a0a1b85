package dev.trainyard.tool.compare.load;

import java.util.Arrays;
import org.HdrHistogram.Histogram;

/**
 * A cell's latency second by second over its measured window: the median and the 99th percentile
 * of the answers that ended in each second (NaN for a second with none), what the report draws
 * small beside the cell. A stall that a cell's percentiles average away shows here as a spike.
 */
public record LatencyOverTime(double[] p50Ms, double[] p99Ms) {

    /** A client that reports no samples of its own (wrk, h2load): nothing to draw. */
    public static final LatencyOverTime NONE = new LatencyOverTime(new double[0], new double[0]);

    /** The most seconds kept: a loop-bound cell may run ten minutes, and a sparkline has no room for more. */
    static final int MOST_SECONDS = 600;

    public int seconds() {
        return p50Ms.length;
    }

    /** Answers into the seconds of a window from {@code windowStart} (epoch ms); {@link #of} reads them out. */
    static final class Builder {
        private final long windowStart;
        private final Histogram[] seconds;

        Builder(long windowStart, long windowEnd) {
            this.windowStart = windowStart;
            this.seconds = new Histogram[(int) Math.min(MOST_SECONDS, Math.max(0, (windowEnd - windowStart + 999) / 1000))];
        }

        void add(long end, long elapsedMs) {
            int second = (int) ((end - windowStart) / 1000);
            // An answer at the window's very end closes its last second, not one of its own.
            if (second == seconds.length && end - windowStart == 1000L * second) {
                second--;
            }
            if (second < 0 || second >= seconds.length) {
                return;
            }
            if (seconds[second] == null) {
                // Two significant digits: a sparkline draws a few pixels per decade, and 600 of them stay small.
                seconds[second] = new Histogram(CellStats.HIGHEST_MS, 2);
            }
            seconds[second].recordValue(elapsedMs);
        }

        LatencyOverTime build() {
            double[] p50 = new double[seconds.length];
            double[] p99 = new double[seconds.length];
            Arrays.fill(p50, Double.NaN);
            Arrays.fill(p99, Double.NaN);
            for (int i = 0; i < seconds.length; i++) {
                if (seconds[i] != null) {
                    p50[i] = seconds[i].getValueAtPercentile(50);
                    p99[i] = seconds[i].getValueAtPercentile(99);
                }
            }
            return new LatencyOverTime(p50, p99);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LatencyOverTime l && Arrays.equals(p50Ms, l.p50Ms) && Arrays.equals(p99Ms, l.p99Ms);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(p50Ms) + Arrays.hashCode(p99Ms);
    }

    @Override
    public String toString() {
        return "LatencyOverTime" + Arrays.toString(p50Ms) + Arrays.toString(p99Ms);
    }
}
