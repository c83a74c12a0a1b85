package dev.trainyard.tool.compare.experiments;

import static dev.trainyard.tool.compare.analysis.CrossoverTest.cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Finding;
import dev.trainyard.tool.compare.jvm.WaitSites;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Driver;
import dev.trainyard.tool.compare.plan.Row;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.probe.ServerActivity;
import java.util.List;
import org.junit.jupiter.api.Test;

public class FindingsTest {

    /** One query's 2x2 on tomcat at 10 users: blocking+jdbc, async+jdbc, blocking+r2dbc, async+r2dbc. */
    private static List<CellResult> square(String query, double bj, double aj, double br, double ar) {
        return List.of(cell("tomcat", Row.store(query, Driver.JDBC), "blocking", 10, bj), cell("tomcat", Row.store(query, Driver.JDBC), "async", 10, aj),
                cell("tomcat", Row.store(query, Driver.R2DBC), "blocking", 10, br), cell("tomcat", Row.store(query, Driver.R2DBC), "async", 10, ar));
    }

    private static List<Finding> drivers(List<CellResult> cells) {
        return Experiments.findings(cells).stream().filter(f -> f.experiment().equals("E1 store (drivers)")).toList();
    }

    @Test
    void thePapersDriverFindingsAreCheckedOnEachQuerysSquare() {
        // s2 as the paper found it; c4 with the async R2DBC stack far ahead.
        List<Finding> found = drivers(concat(square("s2", 1000, 800, 700, 900), square("c4", 100, 90, 100, 300)));
        assertEquals(3, found.size());
        Finding fullyBlocking = found.get(0);
        assertFalse(fullyBlocking.holds(), "level or ahead on s2 only, one of two is not most: " + fullyBlocking.evidence());
        assertTrue(fullyBlocking.evidence().contains("s2 blocking+jdbc 1000, async+jdbc 800, blocking+r2dbc 700, async+r2dbc 900 req/s"),
                fullyBlocking.evidence());
        assertTrue(found.get(1).holds(), "async wins on R2DBC on both queries");
        assertTrue(found.get(2).holds(), "a matched pair is ahead on both: " + found.get(2).evidence());

        List<Finding> level = drivers(concat(square("s2", 1000, 990, 1000, 1000), square("c4", 100, 99, 100, 101)));
        assertFalse(level.get(2).holds(), "a matched pair level with a mismatched one is not ahead of it");
        assertTrue(level.get(0).holds(), "level is at least level");
    }

    @Test
    void theJdbcFindingReadsOnlyTheJdbcRows() {
        List<Finding> store = Experiments.findings(square("s2", 1000, 500, 100, 3000)).stream()
                .filter(f -> f.experiment().equals("E1 store")).toList();
        assertEquals(1, store.size());
        assertTrue(store.get(0).evidence().startsWith("blocking level or ahead on 1 of 1 queries"), store.get(0).evidence());
    }

    @Test
    void noDriverFindingWithoutR2dbcRows() {
        assertTrue(drivers(List.of(cell("tomcat", Row.store("s2", Driver.JDBC), "blocking", 10, 1000), cell("tomcat", Row.store("s2", Driver.JDBC), "async", 10, 900))).isEmpty());
    }

    /** A products cell at 200 users as the server's /metrics saw it: its throughput, failed answers in 1000, live platform threads. */
    private static CellResult watched(Row row, String style, double throughput, long failed, double threads) {
        CellSpec spec = new CellSpec(row, "products.jmx", style, 200, 0, java.util.Map.of(), Double.NaN, Bound.NONE, false, style);
        CellStats stats = new CellStats(1000, failed, 0, 10, throughput, 5, 10, 20, 30, 6, 1000, 1000);
        // Request threads inside the WAR; the JVM's live threads (the first figure) carry over from cell to cell and say nothing here.
        ServerActivity facts = new ServerActivity(250, threads, 0, 0, 0, 0, 0, 0, 20, 0, WaitSites.NONE, Double.NaN, Double.NaN);
        return new CellResult(ServerRun.of("tomcat", ThreadModel.PLATFORM), spec, stats, facts, Double.NaN, null, null, java.nio.file.Path.of("x.jtl"), null, null, 0.5);
    }

    private static List<CellResult> bigAnswers(long syncFailed, double syncThreads, long asyncFailed, double asyncThreads) {
        return List.of(watched(Row.products(100, Driver.R2DBC), "async", 900, 0, 30), watched(Row.products(100000, Driver.JDBC), "blocking", 2, syncFailed, syncThreads),
                watched(Row.products(100000, Driver.JDBC), "async", 3, 0, 60), watched(Row.products(100000, Driver.R2DBC), "blocking", 2, 0, 220),
                watched(Row.products(100000, Driver.R2DBC), "async", 4, asyncFailed, asyncThreads));
    }

    @Test
    void theLargestAnswersOnBothDriversAreCheckedForThreadsAndAnswers() {
        Finding paper = drivers(bigAnswers(400, 223, 0, 8)).get(0);
        assertTrue(paper.holds(), paper.sentence());
        assertTrue(paper.claim().startsWith("at 200 users with 100000-product answers"), paper.claim());
        assertTrue(paper.evidence().contains("async+r2dbc 4 req/s, 0.0% failed, 0.0% shed (503); blocking+jdbc 2 req/s, 40.0% failed, 0.0% shed"), paper.evidence());
        assertTrue(paper.evidence().endsWith("request threads at peak 223 / 60 / 220 / 8"), paper.evidence());

        assertFalse(drivers(bigAnswers(0, 223, 0, 230)).get(0).holds(), "more threads on the async stack");
        assertFalse(drivers(bigAnswers(0, 223, 10, 8)).get(0).holds(), "the async stack failing where the blocking one did not");
    }

    @Test
    void eachQuerysSquareShowsItsPeakThreadsWhereTheServerWasWatched() {
        List<CellResult> square = List.of(watched(Row.store("s2", Driver.JDBC), "blocking", 1000, 0, 210), watched(Row.store("s2", Driver.JDBC), "async", 800, 0, 40),
                watched(Row.store("s2", Driver.R2DBC), "blocking", 700, 0, 215), watched(Row.store("s2", Driver.R2DBC), "async", 900, 0, 35));
        String evidence = drivers(square).get(0).evidence();
        assertTrue(evidence.endsWith("async+r2dbc 900 req/s, request threads at peak 210 / 40 / 215 / 35"), evidence);
        assertFalse(drivers(square("s2", 1000, 800, 700, 900)).get(0).evidence().contains("threads"), "no thread figures where none was seen");
    }

    private static List<CellResult> concat(List<CellResult> a, List<CellResult> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
