package dev.trainyard.tool.compare.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.jvm.WaitSites;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Protocol;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.probe.Conditions;
import dev.trainyard.tool.compare.probe.ServerActivity;
import dev.trainyard.tool.compare.probe.ThreadTimeline;
import dev.trainyard.tool.compare.report.ThreadsOverTimeSection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** E5 threads over time: the lines a run prints, the claims read from them, the CSV and the chart. */
public class ThreadsOverTimeTest {

    private static final CellSpec SLEEP = new CellSpec("threads", "threads.jmx", "blocking sleep", 500, 0, Map.of(), 0.2, Bound.THREADS,
            false, "blocking/sleep?ms=200");

    @Test
    void platformThreadsWithinTheirBoundAndVirtualThreadsWithoutNewOnesHold() {
        List<CellResult> cells = List.of(cell(ServerRun.of("tomcat", ThreadModel.PLATFORM).over(Protocol.HTTPS), timeline(200, 40, 60, 230, 238), 2000, 0),
                cell(ServerRun.of("tomcat", ThreadModel.VIRTUAL).over(Protocol.HTTPS), timeline(Double.NaN, 30, 31, 33, 32), 2400, 0));
        List<Finding> found = new ThreadsOverTime(cells).findings();
        assertEquals(2, found.size(), found.toString());
        assertTrue(found.get(0).holds(), found.get(0).sentence());
        assertEquals("tomcat/platform https blocking sleep", found.get(0).where());
        assertTrue(found.get(0).evidence().contains("live threads 40 to 238 (+198)"), found.get(0).evidence());
        assertTrue(found.get(1).holds(), found.get(1).sentence());
        assertEquals("tomcat/virtual https blocking sleep", found.get(1).where());
    }

    @Test
    void threadsBeyondTheBoundOrVirtualErrorsDoNotHold() {
        List<CellResult> cells = List.of(cell(ServerRun.of("tomcat", ThreadModel.PLATFORM), timeline(200, 40, 400, 900), 2000, 0.01),
                cell(ServerRun.of("tomcat", ThreadModel.VIRTUAL), timeline(Double.NaN, 30, 31, 40), 800, 0.05));
        List<Finding> found = new ThreadsOverTime(cells).findings();
        assertFalse(found.get(0).holds(), "860 new threads over a bound of 200: " + found.get(0).sentence());
        assertFalse(found.get(1).holds(), "fewer threads but more errors: " + found.get(1).sentence());
    }

    @Test
    void theLinesTheCsvAndTheChartCarryEverySecond() {
        List<CellResult> cells = List.of(cell(ServerRun.of("tomcat", ThreadModel.PLATFORM), timeline(200, 40, 60, 230), 2000, 0));
        ThreadsOverTime threads = new ThreadsOverTime(cells);
        assertEquals(List.of("tomcat/platform blocking sleep @ 500: 2000 req/s, p95 250.0 ms, 0.00% errors;"
                + " live threads each second: 40 60 230"), threads.lines());
        List<String> csv = ThreadsOverTimeSection.csv(cells);
        assertEquals("server,variant,experiment,style,users,second,live_threads,busy_platform,busy_virtual", csv.get(0));
        assertEquals(List.of("tomcat,platform,threads,blocking sleep,500,0.0,40,10,0", "tomcat,platform,threads,blocking sleep,500,1.0,60,10,0",
                "tomcat,platform,threads,blocking sleep,500,2.0,230,10,0"), csv.subList(1, 4));
        StringBuilder html = new StringBuilder();
        ThreadsOverTimeSection.html(threads, html);
        assertTrue(html.toString().contains("<polyline"), "the chart draws its line");
        assertTrue(html.toString().contains("<table id=\"threads-over-time\">"));
    }

    @Test
    void cellsOfOtherExperimentsAreNotDrawn() {
        CellSpec hello = new CellSpec("hello", "hello.jmx", "blocking", 500, 0, Map.of(), Double.NaN, Bound.NONE, false, "blocking/hello");
        CellResult other = new CellResult(ServerRun.of("tomcat", ThreadModel.PLATFORM), hello, stats(1000, 0), activity(timeline(200, 40, 50)), 0, null, null, null,
                null, null, Double.NaN);
        assertTrue(new ThreadsOverTime(List.of(other)).isEmpty());
    }

    private static ThreadTimeline timeline(double bound, double... live) {
        ThreadTimeline t = ThreadTimeline.empty(bound);
        for (int i = 0; i < live.length; i++) {
            t = t.plus(i, live[i], 10, 0);
        }
        return t;
    }

    private static CellResult cell(ServerRun run, ThreadTimeline timeline, double throughput, double errorRate) {
        return new CellResult(run, SLEEP, stats(throughput, errorRate), activity(timeline), 0, null, null, null, null, null,
                Double.NaN);
    }

    private static CellStats stats(double throughput, double errorRate) {
        long samples = 10_000;
        long errors = Math.round(samples * errorRate);
        return new CellStats(samples, errors, 0, 5, throughput, 200, 250, 300, 400, 210, samples - errors, samples);
    }

    private static ServerActivity activity(ThreadTimeline timeline) {
        return new ServerActivity(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, WaitSites.NONE, Double.NaN, Double.NaN, timeline, Conditions.UNKNOWN);
    }
}
