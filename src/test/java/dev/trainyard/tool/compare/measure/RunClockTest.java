package dev.trainyard.tool.compare.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RunClockTest {

    /** A clock that moves only when told: each part's time is known exactly. */
    private long nanos;
    private final RunClock clock = new RunClock(() -> nanos);

    private void pass(double seconds) {
        nanos += Math.round(seconds * 1e9);
    }

    @Test
    void aCellsTimeBeyondItsPlannedLoadIsItsFixedCostAndTheRestIsWhatNoPartNamed() {
        long t = clock.now();
        pass(2);
        clock.add(RunClock.Part.START, t);
        t = clock.now();
        pass(3.4);
        clock.cell(t, 3);
        t = clock.now();
        pass(3.2);
        clock.cell(t, 3);
        pass(0.5);
        assertEquals(0.3, clock.cellOverheadSeconds(), 1e-9, "0.4 s and 0.2 s beyond 3 s of load");
        assertEquals("Where the run's time went: 9.1 s in all, 6.0 s of it the planned load of 2 cell runs; outside it 3.1 s (34%):"
                + " server starts 2.0 s, the cells' fixed cost 0.6 s (0.30 s a cell run), the rest 0.5 s.", clock.sentence());
    }

    @Test
    void aCellRunsFixedCostIsToldByItsPartsOnAverage() {
        long cell = clock.now();
        long t = clock.now();
        pass(0.1);
        clock.add(RunClock.CellPart.PROBES, t, 0);
        t = clock.now();
        pass(3.5);
        clock.add(RunClock.CellPart.CLIENT, t, 3);
        t = clock.now();
        pass(0.2);
        clock.add(RunClock.CellPart.SETTLE, t, 0);
        clock.cell(cell, 3);
        t = clock.now();
        pass(9);
        clock.add(RunClock.CellPart.CLIENT, t, Double.NaN);
        assertTrue(clock.sentence().contains("the cells' fixed cost 0.8 s (0.80 s a cell run: the audit's first count and the watch's start 0.10,"
                + " the client past its seconds 0.50, the settle 0.20)"), clock.sentence());
    }

    @Test
    void aLoopBoundCellIsAllLoadAndACellFasterThanPlannedCostsNothing() {
        long t = clock.now();
        pass(7);
        clock.cell(t, Double.NaN);
        t = clock.now();
        pass(2.5);
        clock.cell(t, 3);
        assertEquals(0, clock.cellOverheadSeconds());
        assertTrue(clock.sentence().contains("9.5 s of it the planned load of 2 cell runs; outside it 0.0 s"), clock.sentence());
    }
}
