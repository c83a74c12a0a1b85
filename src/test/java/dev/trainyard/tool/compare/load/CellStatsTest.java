package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

public class CellStatsTest {

    @Test
    void measuresOnlyTheSteadyStateWindowButCountsEverySuccessForTheAudit() {
        List<Sample> samples = new ArrayList<>();
        // Warm-up: slow answers ending before the window opens at 10,000.
        for (int i = 0; i < 50; i++) {
            samples.add(new Sample(9_000 + i, 900, "x", "200", true));
        }
        // Steady state: 100 answers of 1..100 ms ending inside [10,000, 12,000].
        for (int ms = 1; ms <= 100; ms++) {
            samples.add(new Sample(10_500, ms, "x", "200", true));
        }
        // Straggler after the planned end.
        samples.add(new Sample(11_900, 5_000, "x", "200", true));

        CellStats stats = CellStats.of(samples, 10_000, 12_000);

        assertEquals(100, stats.samples());
        assertEquals(2.0, stats.seconds());
        assertEquals(50.0, stats.throughput());
        assertEquals(50.0, stats.p50Ms());
        assertEquals(95.0, stats.p95Ms());
        assertEquals(99.0, stats.p99Ms());
        assertEquals(100.0, stats.maxMs());
        assertEquals(151, stats.okTotal());
        assertEquals(151, stats.total());
    }

    @Test
    void throughputCountsSuccessesAndSheddingIsToldApartFromFailure() {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            samples.add(new Sample(1_000, 10, "x", "200", true));
        }
        for (int i = 0; i < 15; i++) {
            samples.add(new Sample(1_000, 1, "x", "503", false));
        }
        for (int i = 0; i < 5; i++) {
            samples.add(new Sample(1_000, 30_000, "x", "Non HTTP response code: java.net.SocketTimeoutException", false));
        }

        CellStats stats = CellStats.of(samples, 0, 100_000);

        assertEquals(100, stats.samples());
        assertEquals(20, stats.errors());
        assertEquals(15, stats.shed());
        assertEquals(0.20, stats.errorRate(), 1e-9);
        assertEquals(0.05, stats.unexpectedErrorRate(), 1e-9);
        // The run ended with its last answer at 31,000: the window closes there, not at 100,000.
        assertEquals(31.0, stats.seconds());
        assertEquals(80 / 31.0, stats.throughput(), 1e-9);
    }

    @Test
    void aRecordedRunGivesTheFiguresCountedIndependently() throws Exception {
        List<Sample> samples = Jtl.read(JtlTest.recorded());
        long first = samples.stream().mapToLong(Sample::start).min().orElseThrow();

        CellStats stats = CellStats.of(samples, first + 300, first + 800);

        // Counted with Python's csv module over the same file: 112 answers end in the window, 6 of them 404.
        assertEquals(112, stats.samples());
        assertEquals(6, stats.errors());
        assertEquals(0, stats.shed());
        assertEquals(127, stats.okTotal());
        assertEquals(106 / 0.5, stats.throughput(), 1e-9);
    }

    @Test
    void anEmptyWindowHasNoLatencies() {
        CellStats stats = CellStats.of(List.of(new Sample(0, 1, "x", "200", true)), 5_000, 6_000);
        assertEquals(0, stats.samples());
        assertEquals(0.0, stats.throughput());
        assertEquals(Double.NaN, stats.p95Ms());
    }

    @Test
    void latencyPerSecondShowsAStallTheCellsPercentilesAverageAway() {
        List<Sample> samples = new ArrayList<>();
        // Three seconds of 100 answers each, 2 ms, but in the middle second ten of them took 400 ms.
        for (int second = 0; second < 3; second++) {
            for (int i = 0; i < 100; i++) {
                long elapsed = second == 1 && i < 10 ? 400 : 2;
                samples.add(new Sample(10_000 + 1000L * second + 5 * i - elapsed + 1, elapsed, "x", "200", true));
            }
        }
        // Ten slow answers exactly at the window's end belong to its last second.
        for (int i = 0; i < 10; i++) {
            samples.add(new Sample(12_950, 50, "x", "200", true));
        }

        CellStats stats = CellStats.of(samples, 10_000, 13_000);

        LatencyOverTime t = stats.overTime();
        assertEquals(3, t.seconds());
        assertEquals(2.0, t.p50Ms()[0]);
        assertEquals(2.0, t.p50Ms()[1]);
        assertEquals(400.0, t.p99Ms()[1], 4.0);
        assertEquals(2.0, t.p99Ms()[0]);
        assertEquals(50.0, t.p99Ms()[2]);
    }

    @Test
    void aSecondWithNoAnswerIsAGapNotAZero() {
        List<Sample> samples = List.of(new Sample(10_100, 3, "x", "200", true), new Sample(12_100, 3, "x", "200", true));
        LatencyOverTime t = CellStats.of(samples, 10_000, 13_000).overTime();
        assertEquals(3, t.seconds());
        assertTrue(Double.isNaN(t.p50Ms()[1]));
        assertEquals(3.0, t.p50Ms()[2]);
    }
}
