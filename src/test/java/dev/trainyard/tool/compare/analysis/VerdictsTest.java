package dev.trainyard.tool.compare.analysis;

import static dev.trainyard.tool.compare.analysis.CrossoverTest.cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.analysis.Verdicts.Strength;
import dev.trainyard.tool.compare.analysis.Verdicts.Verdict;
import dev.trainyard.tool.compare.report.RunDiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class VerdictsTest {

    @Test
    void theBestStyleAheadWinsAndItsStrengthFollowsTheRatio() {
        List<Verdict> v = Verdicts.of(List.of(cell("tomcat", "entry", "blocking", 400, 1000), cell("tomcat", "entry", "async", 400, 1300),
                cell("tomcat", "entry", "train", 400, 2500)));
        assertEquals(1, v.size());
        assertEquals("train", v.get(0).winner());
        assertEquals(2.5, v.get(0).ratio(), 1e-9);
        assertEquals(Strength.STRONG, v.get(0).strength());
        assertEquals("train x2.50", v.get(0).text());
    }

    @Test
    void leadsWithinTheMarginAreATieAndABaselineAheadOfAllWins() {
        Verdict tie = Verdicts.of(List.of(cell("jetty", "entry", "blocking", 50, 1000), cell("jetty", "entry", "async", 50, 1030))).get(0);
        assertEquals(Strength.TIE, tie.strength());
        assertEquals("tie (x1.03)", tie.text());
        Verdict baseline = Verdicts.of(List.of(cell("jetty", "offload", "sync", 200, 1000), cell("jetty", "offload", "default", 200, 40),
                cell("jetty", "offload", "bounded", 200, 800))).get(0);
        assertEquals("sync", baseline.winner());
        assertEquals(1.25, baseline.ratio(), 1e-9, "over the best challenger");
        assertEquals(Strength.CLEAR, baseline.strength());
    }

    @Test
    void noVerdictWhereTheBaselinesClientRanOutOfCpuButTheLeadersOwnShortfallOnlyUnderstatesItsLead() {
        Verdict v = Verdicts.of(List.of(clientBound(cell("glassfish", "entry", "blocking", 400, 1000)),
                cell("glassfish", "entry", "train", 400, 3000))).get(0);
        assertEquals(Strength.WITHHELD, v.strength());
        assertEquals("client-bound", v.text());

        Verdict lead = Verdicts.of(List.of(cell("glassfish", "entry", "blocking", 400, 1000),
                clientBound(cell("glassfish", "entry", "train", 400, 3000)))).get(0);
        assertEquals("train", lead.winner());
        assertEquals(Strength.STRONG, lead.strength());
    }

    @Test
    void aVerdictSaysHowManyTrialsItSetAsideWhereTheBaselinesClientRanOutOfCpu() {
        List<CellResult> blocking = new ArrayList<>();
        List<CellResult> train = new ArrayList<>();
        double[] base = {1000, 1040, 980, 1010, 990, 1020};
        for (int i = 0; i < base.length; i++) {
            CellResult b = cell("tomcat", "entry", "blocking", 400, base[i]);
            blocking.add(i == 2 ? clientBound(b) : b);
            train.add(cell("tomcat", "entry", "train", 400, 2 * base[i] + 10 * i));
        }
        Verdict v = Verdicts.of(List.of(CellResult.combine(blocking), CellResult.combine(train))).get(0);
        assertEquals("train", v.winner());
        assertEquals(1, v.setAside());
        assertTrue(v.text().endsWith("(1 trial set aside: client-bound)"), v.text());
        assertTrue(RunDiff.csv(List.of(v)).get(1).endsWith(",1"), "and so does the verdicts file");
    }

    private static CellResult clientBound(CellResult r) {
        return new CellResult(r.run(), r.spec(), r.stats(), r.facts(), r.littleLimit(), null, null, r.results(), null, null, 0.97);
    }

    @Test
    void whatToChooseIsEachExperimentAtItsHighestLoad() {
        Map<String, String> choices = Verdicts.choices(Verdicts.of(List.of(
                cell("tomcat", "sleep", "blocking", 200, 1000), cell("tomcat", "sleep", "async", 200, 1000),
                cell("tomcat", "sleep", "blocking", 1000, 1000), cell("tomcat", "sleep", "async", 1000, 4800))));
        assertEquals(Map.of("tomcat/platform", "sleep at 1000 users: async (x4.80)."), choices);
    }

    @Test
    void twoStylesThatLeadTheBaselineButNotEachOtherShareTheVerdict() {
        Verdict v = Verdicts.of(List.of(cell("tomcat", "entry", "blocking", 50, 1000), cell("tomcat", "entry", "train", 50, 2300),
                cell("tomcat", "entry", "async", 50, 2250))).get(0);
        assertEquals("async or train", v.winner(), "2,300 against 2,250 is within the margin");
        assertEquals(2.3, v.ratio(), 1e-9);
    }
}
