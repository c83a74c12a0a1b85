package dev.trainyard.tool.compare.report;

import static dev.trainyard.tool.compare.analysis.CrossoverTest.cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.jvm.WaitSites;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Driver;
import dev.trainyard.tool.compare.plan.Row;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.probe.ServerActivity;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class DriverSquaresTest {

    private static CellResult watched(Row row, String style, double throughput, long failed, double threads) {
        CellSpec spec = new CellSpec(row, "store.jmx", style, 400, 0, Map.of(), Double.NaN, Bound.NONE, false, style);
        CellStats stats = new CellStats(1000, failed, failed, 10, throughput, 5, 10, 20, 30, 6, 1000, 1000);
        // Request threads inside the WAR; the JVM's live threads (the first figure) carry over from cell to cell and say nothing here.
        ServerActivity facts = new ServerActivity(250, threads, 0, 0, 0, 0, 0, 0, 20, 0, WaitSites.NONE, Double.NaN, Double.NaN);
        return new CellResult(ServerRun.of("tomcat", ThreadModel.PLATFORM), spec, stats, facts, Double.NaN, null, null, Path.of("x.jtl"), null, null, 0.5);
    }

    @Test
    void aSquareIsARowWhereTheRunMeasuredAllFourCombinations() {
        List<CellResult> cells = List.of(watched(Row.store("s1", Driver.JDBC), "blocking", 104, 30, 231), watched(Row.store("s1", Driver.JDBC), "async", 121, 0, 48), watched(Row.products(100, Driver.JDBC), "blocking", 1226, 0, 200),
                watched(Row.store("s1", Driver.R2DBC), "blocking", 87, 0, 229), watched(Row.store("s1", Driver.R2DBC), "async", 71, 553, 1),
                // s4 lacks its blocking R2DBC cell, c4 is JDBC only: neither is a square.
                cell("tomcat", Row.store("s4", Driver.JDBC), "blocking", 400, 75), cell("tomcat", Row.store("s4", Driver.JDBC), "async", 400, 80),
                cell("tomcat", Row.store("s4", Driver.R2DBC), "async", 400, 69), cell("tomcat", Row.store("c4", Driver.JDBC), "blocking", 400, 4));
        List<DriverSquares.Square> squares = new DriverSquares(cells).squares();
        assertEquals(1, squares.size());
        assertEquals("store s1", squares.get(0).experiment());
        assertEquals(List.of("104 req/s, 3.0% failed, 231 threads", "121 req/s, 48 threads", "87 req/s, 229 threads",
                "71 req/s, 55.3% failed, 1 thread"), squares.get(0).cells().stream().map(DriverSquares::figures).toList());

        StringBuilder html = new StringBuilder();
        new DriverSquares(cells).html(html);
        assertTrue(html.toString().contains("<td class=\"l\">tomcat/platform</td><td class=\"l\">store s1</td><td>400</td>"
                + "<td>104 req/s, 3.0% failed, 231 threads</td>"), html.toString());
    }

    @Test
    void aFailureInThousandsStillShows() {
        CellResult one = watched(Row.products(100, Driver.JDBC), "blocking", 1226, 0, 200);
        CellStats oneIn10000 = new CellStats(10_000, 1, 1, 10, 1226, 5, 10, 20, 30, 6, 10_000, 10_000);
        assertEquals("1226 req/s, <0.1% failed, 200 threads", DriverSquares.figures(new CellResult(one.run(), one.spec(),
                oneIn10000, one.facts(), Double.NaN, null, null, Path.of("x.jtl"), null, null, 0.5)));
    }

    @Test
    void noTableWithoutTheDriverAxis() {
        StringBuilder html = new StringBuilder();
        new DriverSquares(List.of(cell("tomcat", Row.store("s2", Driver.JDBC), "blocking", 10, 1000), cell("tomcat", Row.store("s2", Driver.JDBC), "async", 10, 900))).html(html);
        assertEquals("", html.toString());
    }
}
