package dev.trainyard.tool.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class IntervalTest {

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
}
