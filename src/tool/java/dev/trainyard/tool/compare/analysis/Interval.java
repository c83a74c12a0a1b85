package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.plan.Trials;
import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * One cell's throughput over its trials: the median as the figure (the lower middle trial of an
 * even count), and a confidence interval for the mean (Student's t: a handful of trials, spread
 * unknown), never below zero; one trial gives no interval (its bounds are NaN). The confidence is
 * the run's per look ({@link Trials#confidence}: 95% where the trials are looked at once). The
 * trials' own figures are kept in the order they ran, so that two cells can be compared trial by
 * trial ({@link #lead}).
 */
public record Interval(int n, double median, double low, double high, double[] samples, double confidence) {

    /** The plain 95% interval: trials looked at once. */
    public static Interval of(double... samples) {
        return at(Trials.CONFIDENCE, samples);
    }

    public static Interval at(double confidence, double... samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("an interval needs at least one sample");
        }
        DescriptiveStatistics stats = new DescriptiveStatistics(samples);
        // The lower middle one of an even count: a figure a trial really measured, the one the report shows.
        double[] sorted = stats.getSortedValues();
        double median = sorted[(sorted.length - 1) / 2];
        if (samples.length == 1) {
            return new Interval(1, median, Double.NaN, Double.NaN, samples.clone(), confidence);
        }
        double half = t(samples.length, confidence) * stats.getStandardDeviation() / Math.sqrt(samples.length);
        // A rate is never negative, however wide the interval of a few noisy trials.
        return new Interval(samples.length, median, Math.max(0, stats.getMean() - half), stats.getMean() + half, samples.clone(), confidence);
    }

    /**
     * How many times the baseline's throughput the challenger served, trial by trial: the trials
     * run interleaved (A B C A B C), so the i-th trial of each shared the machine's state of that
     * moment, and their ratio cancels the drift that widens each cell's own interval. The median
     * ratio, and an interval for the geometric mean ratio (Student's t on the logarithms) at the
     * higher of the two cells' confidences. Null unless both have the same number of trials, two or
     * more, every one of them above zero.
     */
    static Interval lead(Interval challenger, Interval baseline) {
        if (challenger == null || baseline == null || challenger.n != baseline.n || challenger.n < 2
                || Arrays.stream(challenger.samples).anyMatch(v -> v <= 0) || Arrays.stream(baseline.samples).anyMatch(v -> v <= 0)) {
            return null;
        }
        double[] ratios = new double[challenger.n];
        double[] logs = new double[challenger.n];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = challenger.samples[i] / baseline.samples[i];
            logs[i] = Math.log(ratios[i]);
        }
        DescriptiveStatistics stats = new DescriptiveStatistics(logs);
        double confidence = Math.max(challenger.confidence, baseline.confidence);
        double half = t(logs.length, confidence) * stats.getStandardDeviation() / Math.sqrt(logs.length);
        double[] sorted = ratios.clone();
        Arrays.sort(sorted);
        return new Interval(ratios.length, sorted[(sorted.length - 1) / 2], Math.exp(stats.getMean() - half),
                Math.exp(stats.getMean() + half), ratios, confidence);
    }

    /** The same cell without the trials flagged in {@code aside} (one flag per trial, in the order they ran). */
    Interval without(boolean[] aside) {
        if (aside.length != n) {
            throw new IllegalArgumentException(aside.length + " flags for " + n + " trials");
        }
        double[] kept = new double[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (!aside[i]) {
                kept[k++] = samples[i];
            }
        }
        return at(confidence, Arrays.copyOf(kept, k));
    }

    private static double t(int n, double confidence) {
        return new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    }

    public boolean known() {
        return n > 1;
    }

    /** Entirely above the other: a lead no trial-to-trial noise explains, even without pairing the trials. */
    boolean above(Interval other) {
        return known() && other.known() && low > other.high;
    }

    @Override
    public String toString() {
        return known() ? String.format(Locale.ROOT, "%.0f [%.0f, %.0f]", median, low, high) : String.format(Locale.ROOT, "%.0f", median);
    }
}
