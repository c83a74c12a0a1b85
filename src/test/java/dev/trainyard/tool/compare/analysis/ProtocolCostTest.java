package dev.trainyard.tool.compare.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.jvm.WaitSites;
import dev.trainyard.tool.compare.plan.Protocol;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.probe.ServerActivity;
import dev.trainyard.tool.run.Tuning;
import java.util.List;
import org.junit.jupiter.api.Test;

public class ProtocolCostTest {

    private CellResult cell(String protocol, String style, int users, double throughput) {
        ServerRun run = new ServerRun("tomcat", ThreadModel.PLATFORM, Tuning.AS_CONFIGURED, Protocol.of(protocol));
        CellResult c = CrossoverTest.cell("tomcat", "hello", style, users, throughput);
        return new CellResult(run, c.spec(), c.stats(), c.facts(), c.littleLimit(), null, null, c.results(), null, null, 0.5);
    }

    @Test
    void eachCellAtTheHighestLoadIsComparedOverItsProtocolsToPlainHttp() {
        ProtocolCost cost = ProtocolCost.of(List.of(cell("h2", "async", 10, 500), cell("http", "async", 10, 1000),
                cell("https", "async", 10, 800), cell("http", "async", 1, 100), cell("https", "async", 1, 90)));
        assertEquals(List.of("tomcat/platform hello async @ 10 users: http 1000 req/s, p95 10.0 ms; https 800 req/s (x0.80),"
                + " p95 10.0 ms; h2 500 req/s (x0.50), p95 10.0 ms"), cost.lines(), "the lower load is left out");
    }

    @Test
    void theServersCpuPerRequestTellsWhatAHandshakePerRequestCosts() {
        CellResult kept = cell("https", "blocking", 100, 8000);
        CellResult closed = cell("https-close", "blocking", 100, 800);
        ServerActivity keptCpu = new ServerActivity(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, WaitSites.NONE, Double.NaN,
                0.2 * kept.stats().total() / 1000);
        ServerActivity closedCpu = new ServerActivity(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, WaitSites.NONE, Double.NaN,
                2.0 * closed.stats().total() / 1000);
        List<String> lines = ProtocolCost.of(List.of(with(kept, keptCpu), with(closed, closedCpu))).lines();
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("https 8000 req/s, p95 10.0 ms, server CPU 200 ms per 1,000; https-close 800 req/s (x0.10),"
                + " p95 10.0 ms, server CPU 2000 ms per 1,000"), lines.get(0));
    }

    private static CellResult with(CellResult c, ServerActivity facts) {
        return new CellResult(c.run(), c.spec(), c.stats(), facts, c.littleLimit(), null, null, c.results(), null, null, 0.5);
    }

    @Test
    void aCellOverOneProtocolComparesNothing() {
        assertTrue(ProtocolCost.of(List.of(cell("http", "blocking", 10, 1000))).isEmpty());
    }
}
