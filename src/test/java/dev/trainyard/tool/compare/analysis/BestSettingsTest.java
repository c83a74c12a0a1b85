package dev.trainyard.tool.compare.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.plan.Protocol;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.run.Tuning;
import java.util.List;
import org.junit.jupiter.api.Test;

public class BestSettingsTest {

    private CellResult cell(String server, Tuning tuning, double... trials) {
        ServerRun run = new ServerRun(server, ThreadModel.PLATFORM, tuning, Protocol.HTTP);
        List<CellResult> each = java.util.Arrays.stream(trials).mapToObj(t -> {
            CellResult c = CrossoverTest.cell(server, "entry", "blocking", 400, t);
            return new CellResult(run, c.spec(), c.stats(), c.facts(), c.littleLimit(), null, null, c.results(), null, null, 0.5);
        }).toList();
        return each.size() == 1 ? each.get(0) : CellResult.combine(each);
    }

    @Test
    void aSettingWhoseIntervalClearsTheEqualSettingsIsTheBestBeyondNoiseAndGivesLinesToPaste() {
        List<CellResult> results = List.of(cell("glassfish", Tuning.AS_CONFIGURED, 900, 1000, 1100),
                cell("glassfish", new Tuning(50, null), 2900, 3000, 3100), cell("glassfish", new Tuning(null, 40), 1000, 1500, 2000));
        BestSettings best = BestSettings.of(results);
        BestSettings.Best b = best.bests().get(0);
        assertEquals(new Tuning(50, null), b.run().tuning());
        assertTrue(b.decided(), b.sentence());
        assertTrue(b.sentence().contains("best threads=50") && b.sentence().contains("x3.00") && b.sentence().contains("beyond noise"), b.sentence());
        assertEquals(List.of("glassfish/platform, best for entry blocking @ 400 users: asadmin set "
                + "configs.config.server-config.thread-pools.thread-pool.http-thread-pool.max-thread-pool-size=50"), best.pasteLines());
    }

    @Test
    void overlappingIntervalsAreATieAndOneTrialDecidesNothing() {
        BestSettings tie = BestSettings.of(List.of(cell("tomcat", Tuning.AS_CONFIGURED, 900, 1000, 1100),
                cell("tomcat", new Tuning(null, 40), 950, 1050, 1150)));
        assertFalse(tie.bests().get(0).decided());
        assertTrue(tie.bests().get(0).sentence().contains("within noise"), tie.bests().get(0).sentence());
        assertTrue(tie.pasteLines().isEmpty());
        BestSettings once = BestSettings.of(List.of(cell("jetty", Tuning.AS_CONFIGURED, 1000), cell("jetty", new Tuning(null, 40), 3000)));
        assertFalse(once.bests().get(0).decided());
        assertTrue(once.bests().get(0).sentence().contains("one trial"), once.bests().get(0).sentence());
    }

    @Test
    void whenNothingBeatsTheEqualSettingsTheyAreTheBestAndTheServersAreRankedAtTheirBest() {
        BestSettings best = BestSettings.of(List.of(cell("tomcat", Tuning.AS_CONFIGURED, 1900, 2000, 2100),
                cell("tomcat", new Tuning(50, null), 900, 1000, 1100), cell("glassfish", Tuning.AS_CONFIGURED, 500, 600, 700),
                cell("glassfish", new Tuning(50, null), 2900, 3000, 3100)));
        BestSettings.Best tomcat = best.bests().get(0);
        assertSame(tomcat.equal(), tomcat.best());
        assertTrue(tomcat.sentence().contains("the equal settings are the best tried"), tomcat.sentence());
        assertEquals(List.of("entry blocking @ 400 users: glassfish/platform 3000 (threads=50; equal settings 600), "
                + "tomcat/platform 2000 (as configured; equal settings 2000)"), best.atTheirBest());
    }

    @Test
    void withoutASweepThereIsNothingToSay() {
        assertTrue(BestSettings.of(List.of(cell("tomcat", Tuning.AS_CONFIGURED, 1000, 1100))).isEmpty());
    }
}
