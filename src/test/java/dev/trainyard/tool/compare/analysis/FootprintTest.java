package dev.trainyard.tool.compare.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.jvm.WaitSites;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.probe.ServerActivity;
import dev.trainyard.tool.compare.deploy.Packaging;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A server variant's footprint from its cells: memory idle and at the peak, CPU per request per style; a container's image and limits. */
public class FootprintTest {

    private static CellResult cell(String experiment, String style, int users, long requests, double cpuSeconds, double residentMib) {
        CellSpec spec = new CellSpec(experiment, experiment + ".jmx", style, users, 0, Map.of(), Double.NaN, Bound.NONE, false, style + "/" + experiment);
        CellStats stats = new CellStats(requests, 0, 0, 2, requests / 2.0, 1, 2, 3, 4, 1, requests, requests);
        ServerActivity facts = new ServerActivity(0, 0, 0, 0, 0, 0, 0, 0, 8, 0, WaitSites.NONE, residentMib * 1048576, cpuSeconds);
        return new CellResult(ServerRun.of("tomcat", ThreadModel.PLATFORM), spec, stats, facts, Double.NaN, null, null, null, null, null, 0.5);
    }

    @Test
    void saysStartUpMemoryAndTheCpuEachStylePaysPerThousandRequestsAtTheHighestEntryLoad() {
        List<CellResult> cells = List.of(
                cell("sleep", "blocking", 1000, 5_000, 1.0, 400),
                cell("entry", "blocking", 50, 10_000, 1.0, 300),
                cell("entry", "blocking", 400, 8_000, 2.0, 520),
                cell("entry", "train", 400, 20_000, 1.5, 480));
        String sentence = Footprint.of("tomcat/platform", 3.21, "its JVM started",
                Map.of("process_resident_memory_bytes", 200.0 * 1048576, "trainyard_jvm_heap_used_bytes", 30.0 * 1048576), cells, null).sentence();
        assertEquals("tomcat/platform: ready 3.2 s after its JVM started; idle 200 MiB resident (30 MiB of heap in use), 520 MiB at"
                + " the peak of its cells; server CPU per 1,000 requests at entry @ 400 users: train 75 ms, blocking 250 ms.", sentence);
    }

    @Test
    void leavesOutWhatTheServerDoesNotTell() {
        String sentence = Footprint.of("glassfish/platform", Double.NaN, "its JVM started", Map.of(),
                List.of(cell("sleep", "async", 20, 100, Double.NaN, Double.NaN)), null).sentence();
        assertEquals("glassfish/platform: start-up not known.", sentence);
    }

    @Test
    void aContainerSaysItsImageAndLimitsAndCountsFromItsCreation() {
        String sentence = Footprint.of("jetty/virtual", 4.56, "docker run", Map.of(),
                List.of(cell("sleep", "async", 20, 100, Double.NaN, Double.NaN)),
                new Packaging("trainyard/jetty", 300.4, "0", "1536m", 9.04, 700.2)).sentence();
        assertEquals("jetty/virtual: container of trainyard/jetty (300 MiB), cpuset 0, memory limit 1536m, healthy 9.0 s after docker"
                + " run, its control group's memory peak 700 MiB; ready 4.6 s after docker run.", sentence);
        assertTrue(Footprint.of("jetty/virtual", 4.56, "docker run", Map.of(), List.of(),
                new Packaging("trainyard/jetty", 300, null, "2g", 9, Double.NaN)).sentence()
                .contains("not pinned, memory limit 2g, healthy 9.0 s after docker run, its control group not readable here;"));
    }

    @Test
    void theCheapestServerPerRequestAtEachEntryLoadComesFirstWithItsCheapestStyle() {
        CellResult tomcatTrain = cell("entry", "train", 400, 20_000, 2.0, 500);
        CellResult async = cell("entry", "async", 400, 20_000, 1.0, 500);
        CellResult jettyAsync = new CellResult(ServerRun.of("jetty", ThreadModel.VIRTUAL), async.spec(), async.stats(), async.facts(), Double.NaN, null, null,
                null, null, null, 0.5);
        List<String> cheapest = Footprint.cheapest(List.of(cell("entry", "blocking", 400, 10_000, 3.0, 500), tomcatTrain, jettyAsync,
                cell("entry", "blocking", 50, 10_000, 1.0, 300), cell("sleep", "async", 1000, 100_000, 0.1, 300)));
        assertEquals(List.of("entry @ 50 users: tomcat/platform 100 ms (blocking)",
                "entry @ 400 users: jetty/virtual 50 ms (async), then tomcat/platform 100 ms (train)"), cheapest);
    }
}
