package dev.trainyard.tool.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trainyard.tool.run.Tuning;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunPlanTest {

    private static ServerRun run(String server, ThreadModel variant, Tuning tuning, Protocol protocol) {
        return new ServerRun(server, variant, tuning, protocol);
    }

    @Test
    void theProtocolsOfOneServerVariantAndTuningShareOneStart() {
        ServerRun tomcatHttp = run("tomcat", ThreadModel.PLATFORM, Tuning.AS_CONFIGURED, Protocol.HTTP);
        ServerRun tomcatH2 = tomcatHttp.over(Protocol.H2);
        ServerRun tomcatTuned = run("tomcat", ThreadModel.PLATFORM, new Tuning(50, 40), Protocol.HTTP);
        ServerRun tomcatTunedH2 = tomcatTuned.over(Protocol.H2);
        ServerRun virtual = tomcatHttp.on(ThreadModel.VIRTUAL);
        ServerRun jetty = run("jetty", ThreadModel.PLATFORM, Tuning.AS_CONFIGURED, Protocol.HTTPS);
        RunPlan plan = new RunPlan(List.of(tomcatHttp, tomcatH2, tomcatTuned, tomcatTunedH2, virtual, jetty), List.of());
        assertEquals(List.of(List.of(tomcatHttp, tomcatH2), List.of(tomcatTuned, tomcatTunedH2), List.of(virtual), List.of(jetty)),
                plan.starts());
    }

    @Test
    void withOneProtocolEachRunIsAStartOfItsOwn() {
        List<ServerRun> runs = List.of(run("tomcat", ThreadModel.PLATFORM, Tuning.AS_CONFIGURED, Protocol.HTTP),
                run("tomcat", ThreadModel.VIRTUAL, Tuning.AS_CONFIGURED, Protocol.HTTP),
                run("jetty", ThreadModel.PLATFORM, Tuning.AS_CONFIGURED, Protocol.HTTP));
        assertEquals(runs.stream().map(List::of).toList(), new RunPlan(runs, List.of()).starts());
    }
}
