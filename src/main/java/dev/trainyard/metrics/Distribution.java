package dev.trainyard.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A distribution on HdrHistogram: recording is wait-free (a Recorder), and each scrape folds the
 * interval into a running total, so quantiles cover the whole life of the process. Latencies are
 * kept in microseconds (1 us to an hour, 3 significant digits) and exported in seconds; counts
 * (batch sizes) are kept and exported as they are.
 */
public final class Distribution {

    private static final double[] QUANTILES = {0.5, 0.9, 0.95, 0.99, 0.999};

    private final Recorder recorder;
    private final Histogram total;
    private final long max;
    private final double exportDivisor;
    private Histogram interval;

    private Distribution(long max, double exportDivisor) {
        this.recorder = new Recorder(1, max, 3);
        this.total = new Histogram(1, max, 3);
        this.max = max;
        this.exportDivisor = exportDivisor;
    }

    /** Durations: record nanoseconds, export seconds. */
    public static Distribution latency() {
        return new Distribution(3_600_000_000L, 1e6);
    }

    /** Small counts such as batch sizes, up to a million. */
    public static Distribution counts() {
        return new Distribution(1_000_000L, 1);
    }

    public void recordNanos(long nanos) {
        record(nanos / 1000);
    }

    public void record(long value) {
        recorder.recordValue(Math.min(Math.max(1, value), max));
    }

    /** A consistent copy of everything recorded so far. */
    public synchronized Histogram snapshot() {
        interval = recorder.getIntervalHistogram(interval);
        total.add(interval);
        return total.copy();
    }

    /**
     * Writes this distribution's samples of a Prometheus summary: quantiles (1 is the largest value
     * seen), _count and _sum (from the mean, to HdrHistogram's precision). The caller writes the
     * family's HELP and TYPE once, before the samples of all its label sets.
     */
    public void writeSamples(PrometheusText out, String name, String... labels) {
        Histogram h = snapshot();
        for (double q : QUANTILES) {
            out.sample(name, h.getValueAtPercentile(q * 100) / exportDivisor, with(labels, "quantile", Double.toString(q)));
        }
        out.sample(name, h.getMaxValue() / exportDivisor, with(labels, "quantile", "1"));
        out.sample(name + "_count", h.getTotalCount(), labels);
        out.sample(name + "_sum", h.getMean() * h.getTotalCount() / exportDivisor, labels);
    }

    static String[] with(String[] labels, String name, String value) {
        String[] all = new String[labels.length + 2];
        System.arraycopy(labels, 0, all, 0, labels.length);
        all[labels.length] = name;
        all[labels.length + 1] = value;
        return all;
    }
}
