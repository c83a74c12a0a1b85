package dev.trainyard.tool.compare.plan;

import java.util.Locale;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * How many trials a cell runs: {@code least} for every cell, then one more at a time, up to
 * {@code most}, for the cells of a verdict still open; and so how sure each look at the trials
 * must be for the run's intervals to hold 95% over all of them.
 *
 * <p>Looking at the trials after each one and stopping once an interval excludes a tie would
 * find false leads far more often than one time in twenty (Armitage, McPherson and Rowe, "Repeated
 * significance tests on accumulating data", JRSS A 132(2), 1969). So every look uses Pocock's
 * constant nominal level for that many looks (S. J. Pocock, "Group sequential methods in the
 * design and analysis of clinical trials", Biometrika 64(2), 1977), the intervals read as
 * repeated confidence intervals (C. Jennison and B. W. Turnbull, "Interim analyses: the repeated
 * confidence interval approach", JRSS B 51(3), 1989): together they hold the true ratio with
 * 95% probability at every look at once, so a verdict may stop at any look, for a lead or for
 * level, without its error rate growing. With one look this is the plain 95% interval.
 */
public record Trials(int least, int most) {

    /** Overall confidence of the intervals over every look. */
    public static final double CONFIDENCE = 0.95;

    /**
     * Pocock's boundary for a two-sided 5% test at K = 1 .. 10 equally spaced looks (Jennison and
     * Turnbull, "Group Sequential Methods with Applications to Clinical Trials", 2000, table 2.1).
     */
    private static final double[] POCOCK = {1.960, 2.178, 2.289, 2.361, 2.413, 2.453, 2.485, 2.512, 2.535, 2.555};

    /** The most looks a run may take, as far as the table of Pocock's constants goes. */
    public static final int MOST_LOOKS = POCOCK.length;

    public Trials {
        if (least < 1 || most < least) {
            throw new IllegalArgumentException("trials from " + least + " to " + most);
        }
        if (most - least + 1 > MOST_LOOKS) {
            throw new IllegalArgumentException("trials from " + least + " to " + most + ": at most " + MOST_LOOKS + " looks");
        }
    }

    /** The same number every time: one look, the plain 95% interval. */
    public static Trials fixed(int n) {
        return new Trials(n, n);
    }

    /** How many times the trials of an open verdict are looked at: after the least, then after each one more. */
    public int looks() {
        return most - least + 1;
    }

    /** Whether a verdict still open may get more trials than the least. */
    public boolean sequential() {
        return most > least;
    }

    /** The confidence of each look's interval: 95% for one look, higher for more, so that all of them hold 95% together. */
    public double confidence() {
        return 2 * new NormalDistribution().cumulativeProbability(POCOCK[looks() - 1]) - 1;
    }

    /** "3 trials" or "3 trials, up to 8 where a verdict is open (each look's interval at 98.6%)". */
    public String describe() {
        String least = this.least + (this.least == 1 ? " trial" : " trials");
        return sequential() ? String.format(Locale.ROOT, "%s, up to %d where a verdict is open (each of its %d looks' intervals at %.1f%%,"
                + " 95%% over all of them: Pocock)", least, most, looks(), 100 * confidence()) : least;
    }
}
