package dev.trainyard.tool.compare.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

public class IntervalTest {

    @Test
    void threeTrialsGiveStudentsIntervalAroundTheMean() {
        // mean 20, standard deviation 10, t(0.975, 2 df) = 4.303: 20 +- 24.84, never below 0
        Interval i = Interval.of(10, 20, 30);
        assertEquals(3, i.n());
        assertEquals(20, i.median(), 1e-9);
        assertEquals(0, i.low(), 1e-9);
        assertEquals(20 + 24.841, i.high(), 1e-2);
        // mean 100, standard deviation 1: 100 +- 2.484
        Interval narrow = Interval.of(99, 100, 101);
        assertEquals(100 - 2.4841, narrow.low(), 1e-3);
        assertEquals(100 + 2.4841, narrow.high(), 1e-3);
    }

    @Test
    void theMedianIsTheFigureEvenWhenOneTrialStraysAndTheIntervalWidens() {
        Interval i = Interval.of(100, 102, 160);
        assertEquals(102, i.median(), 1e-9);
        assertTrue(i.high() - i.low() > 100, "one stray trial makes the interval wide: " + i);
    }

    @Test
    void anEvenCountShowsTheLowerMiddleTrialAndNoRateBelowZero() {
        Interval i = Interval.of(1000, 3000);
        assertEquals(1000, i.median(), 1e-9, "a figure a trial measured, not the mean of two");
        assertEquals(0, i.low(), 1e-9, "two trials far apart: t(1 df) = 12.7 would reach below zero");
    }

    @Test
    void identicalTrialsHaveNoWidth() {
        Interval i = Interval.of(500, 500, 500);
        assertEquals(500, i.low(), 1e-9);
        assertEquals(500, i.high(), 1e-9);
    }

    @Test
    void separatedIntervalsDecideOverlappingOnesTie() {
        Interval low = Interval.of(98, 100, 102);
        Interval high = Interval.of(118, 120, 122);
        Interval close = Interval.of(101, 104, 107);
        assertTrue(high.above(low));
        assertFalse(low.above(high));
        assertFalse(close.above(low), "overlapping: a tie within noise");
        assertFalse(low.above(close));
    }

    @Test
    void oneTrialHasNoIntervalAndDecidesNothing() {
        Interval one = Interval.of(1000);
        assertFalse(one.known());
        assertTrue(Double.isNaN(one.low()));
        assertFalse(one.above(Interval.of(1, 2, 3)));
        assertFalse(Interval.of(5000, 5001, 5002).above(one));
        assertEquals("1000", one.toString());
    }

    @Test
    void trialsSetAsideLeaveTheOthersInTheirOrder() {
        Interval i = Interval.of(100, 200, 300, 400);
        Interval kept = i.without(new boolean[] {false, true, false, false});
        assertEquals(3, kept.n());
        assertArrayEquals(new double[] {100, 300, 400}, kept.samples());
        assertThrows(IllegalArgumentException.class, () -> i.without(new boolean[3]));
    }

    @Test
    void pairedTrialsTellALeadThatDriftHidesFromEachCellsInterval() {
        // The machine slowed between trials and both styles with it; every trial has the challenger 10% ahead.
        Interval baseline = Interval.of(100, 200, 300);
        Interval challenger = Interval.of(110, 220, 330);
        assertFalse(challenger.above(baseline), "each cell's own interval holds the drift");

        Interval lead = Interval.lead(challenger, baseline);
        assertEquals(1.1, lead.median(), 1e-9);
        assertEquals(1.1, lead.low(), 1e-9);
        assertEquals(1.1, lead.high(), 1e-9);
    }

    @Test
    void aLeadThatChangesSidesBetweenTrialsIsATie() {
        Interval lead = Interval.lead(Interval.of(80, 130, 100), Interval.of(100, 100, 100));
        assertTrue(lead.low() < 1 && lead.high() > 1, lead.toString());
        assertEquals(1.0, lead.median(), 1e-9);
        // Student's t on the logarithms of 0.8, 1.3 and 1.0, three trials: the geometric mean 1.013, t(2) = 4.303.
        double[] logs = {Math.log(0.8), Math.log(1.3), Math.log(1.0)};
        double mean = (logs[0] + logs[1] + logs[2]) / 3;
        double sd = Math.sqrt(((logs[0] - mean) * (logs[0] - mean) + (logs[1] - mean) * (logs[1] - mean) + (logs[2] - mean) * (logs[2] - mean)) / 2);
        assertEquals(Math.exp(mean - 4.302653 * sd / Math.sqrt(3)), lead.low(), 1e-4);
        assertEquals(Math.exp(mean + 4.302653 * sd / Math.sqrt(3)), lead.high(), 1e-4);
    }

    @Test
    void trialsThatCannotBePairedGiveNoLead() {
        assertEquals(null, Interval.lead(Interval.of(1, 2, 3), Interval.of(1, 2)));
        assertEquals(null, Interval.lead(Interval.of(5), Interval.of(4)));
        assertEquals(null, Interval.lead(Interval.of(0, 2, 3), Interval.of(1, 2, 3)), "a trial that served nothing has no ratio");
    }
}
