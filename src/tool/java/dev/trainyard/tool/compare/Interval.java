package dev.trainyard.tool.compare;

import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * One cell's throughput over its trials: the median as the figure (the lower middle trial of an
 * even count), and a 95% confidence interval for the mean (Student's t: a handful of trials,
 * spread unknown), never below zero. Two styles are told apart only
 * when their intervals do not overlap; one trial gives no interval (its bounds are NaN).
 */
record Interval(int n, double median, double low, double high) {

    static final double CONFIDENCE = 0.95;

    static Interval of(double... samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("an interval needs at least one sample");
        }
        DescriptiveStatistics stats = new DescriptiveStatistics(samples);
        // The lower middle one of an even count: a figure a trial really measured, the one the report shows.
        double[] sorted = stats.getSortedValues();
        double median = sorted[(sorted.length - 1) / 2];
        if (samples.length == 1) {
            return new Interval(1, median, Double.NaN, Double.NaN);
        }
        double t = new TDistribution(samples.length - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        double half = t * stats.getStandardDeviation() / Math.sqrt(samples.length);
        // A rate is never negative, however wide the interval of a few noisy trials.
        return new Interval(samples.length, median, Math.max(0, stats.getMean() - half), stats.getMean() + half);
    }

    boolean known() {
        return n > 1;
    }

    /** Entirely above the other: a lead no trial-to-trial noise explains. */
    boolean above(Interval other) {
        return known() && other.known() && low > other.high;
    }

    @Override
    public String toString() {
        return known() ? String.format(Locale.ROOT, "%.0f [%.0f, %.0f]", median, low, high) : String.format(Locale.ROOT, "%.0f", median);
    }
}
