package dev.trainyard.tool.compare.gate;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * Two unpaired samples' means compared by Welch's t (spreads unequal, degrees of freedom by
 * Welch-Satterthwaite): for throughputs, of their logarithms, so that the difference is the log
 * of the geometric means' ratio. What one run's cells against another's, or one server variant's
 * against another's (run one after the other, so never paired), are judged by.
 *
 * @param diff {@code a}'s mean less {@code b}'s
 * @param se the difference's standard error; 0 where neither sample varies
 * @param df its degrees of freedom
 */
public record Welch(double diff, double se, double df) {

    /** Needs two values or more in each. */
    public static Welch of(double[] a, double[] b) {
        if (a.length < 2 || b.length < 2) {
            throw new IllegalArgumentException("Welch's t needs two values or more on each side");
        }
        DescriptiveStatistics x = new DescriptiveStatistics(a);
        DescriptiveStatistics y = new DescriptiveStatistics(b);
        double va = x.getVariance() / a.length;
        double vb = y.getVariance() / b.length;
        double df = va + vb == 0 ? Double.POSITIVE_INFINITY : (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        return new Welch(x.getMean() - y.getMean(), Math.sqrt(va + vb), df);
    }

    /** The logarithms of positive figures, or null where one is not above zero. */
    public static double[] logs(double[] values) {
        return Arrays.stream(values).anyMatch(v -> !(v > 0)) ? null : Arrays.stream(values).map(Math::log).toArray();
    }

    /** The two-sided p-value of no difference; NaN where neither sample varies and their means are equal, 0 where they differ. */
    public double p() {
        if (se == 0) {
            return diff == 0 ? Double.NaN : 0;
        }
        // No random generator: the distribution is only asked for its CDF, and seeding one costs more than the test.
        return 2 * (1 - new TDistribution(null, df).cumulativeProbability(Math.abs(diff) / se));
    }

    /** The interval of the difference at {@code confidence}: {low, high}. */
    public double[] interval(double confidence) {
        if (se == 0) {
            return new double[] {diff, diff};
        }
        double half = new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - confidence) / 2) * se;
        return new double[] {diff - half, diff + half};
    }
}
