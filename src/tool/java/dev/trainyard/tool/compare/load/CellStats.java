package dev.trainyard.tool.compare.load;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import org.HdrHistogram.Histogram;

/**
 * A cell's figures from its samples. Steady state only: the warm-up is cut off, and so is the
 * tail after the planned end, where a closed model's last requests straggle in. A sample belongs
 * to the window when it ends inside it. Throughput counts successful answers only (a shed 503
 * is fast and would flatter the cell); latencies are of every answer, as JMeter's dashboard
 * shows them, with the error rate beside them.
 *
 * @param shed the errors that were 503 answers: the server refusing work it has no room for, by design
 * @param okTotal successful samples over the whole run, warm-up included: what the database must show
 * @param overTime the window's latency second by second
 */
public record CellStats(long samples, long errors, long shed, double seconds, double throughput, double p50Ms, double p95Ms,
        double p99Ms, double maxMs, double meanMs, long okTotal, long total, LatencyOverTime overTime) {

    static final long HIGHEST_MS = 3_600_000;

    /** Figures from a client that keeps no samples of its own: no latency over time. */
    public CellStats(long samples, long errors, long shed, double seconds, double throughput, double p50Ms, double p95Ms,
            double p99Ms, double maxMs, double meanMs, long okTotal, long total) {
        this(samples, errors, shed, seconds, throughput, p50Ms, p95Ms, p99Ms, maxMs, meanMs, okTotal, total, LatencyOverTime.NONE);
    }

    public static CellStats of(Collection<Sample> all, long windowStart, long windowEnd) {
        try {
            return of(all, windowStart, windowEnd, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@link #of(Collection, long, long)}, and the window's latencies written to {@code hgrm} in
     * HdrHistogram's percentile distribution (milliseconds), for a reader's own tools (HdrHistogram's
     * plotter, a later run's comparison); null writes nothing.
     */
    public static CellStats of(Collection<Sample> all, long windowStart, long windowEnd, Path hgrm) throws IOException {
        Histogram histogram = new Histogram(HIGHEST_MS, 3);
        long errors = 0;
        long shed = 0;
        long okTotal = 0;
        long lastEnd = windowStart;
        for (Sample s : all) {
            if (s.success()) {
                okTotal++;
            }
            lastEnd = Math.max(lastEnd, s.end());
        }
        // A loop-bounded run (400 users x 10 loops) ends before its planned end: measure up to its last answer.
        long end = Math.min(windowEnd, lastEnd);
        LatencyOverTime.Builder overTime = new LatencyOverTime.Builder(windowStart, end);
        for (Sample s : all) {
            if (s.end() < windowStart || s.end() > end) {
                continue;
            }
            long elapsed = Math.min(Math.max(0, s.elapsed()), HIGHEST_MS);
            histogram.recordValue(elapsed);
            overTime.add(s.end(), elapsed);
            if (!s.success()) {
                errors++;
                if (s.code().equals("503")) {
                    shed++;
                }
            }
        }
        long n = histogram.getTotalCount();
        if (hgrm != null) {
            try (PrintStream out = new PrintStream(Files.newOutputStream(hgrm), false, StandardCharsets.UTF_8)) {
                histogram.outputPercentileDistribution(out, 1.0);
            }
        }
        double seconds = Math.max(0, end - windowStart) / 1000.0;
        return new CellStats(n, errors, shed, seconds, seconds == 0 ? 0 : (n - errors) / seconds,
                n == 0 ? Double.NaN : histogram.getValueAtPercentile(50),
                n == 0 ? Double.NaN : histogram.getValueAtPercentile(95),
                n == 0 ? Double.NaN : histogram.getValueAtPercentile(99),
                n == 0 ? Double.NaN : histogram.getMaxValue(),
                n == 0 ? Double.NaN : histogram.getMean(), okTotal, all.size(), overTime.build());
    }

    public double errorRate() {
        return samples == 0 ? 0 : (double) errors / samples;
    }

    /** Errors that are not load shedding: timeouts, 5xx other than 503, wrong bodies. */
    public double unexpectedErrorRate() {
        return samples == 0 ? 0 : (double) (errors - shed) / samples;
    }
}
