package dev.trainyard.tool.compare.analysis;

import static dev.trainyard.tool.compare.analysis.CrossoverTest.cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.analysis.Verdicts.Strength;
import dev.trainyard.tool.compare.analysis.Verdicts.Verdict;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.report.Columns;
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
    void aLeadWithinTheMarginOfOneTrialIsUndecidedAndABaselineAheadOfAllWins() {
        Verdict open = Verdicts.of(List.of(cell("jetty", "entry", "blocking", 50, 1000), cell("jetty", "entry", "async", 50, 1030))).get(0);
        assertEquals(Strength.UNDECIDED, open.strength(), "one trial has no interval: it cannot show the styles level");
        assertEquals("undecided (x1.03, 1 trial)", open.text());
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
        assertTrue(Columns.VERDICTS.csv(List.of(v)).get(1).contains(",1," + v.trials() + ","), "and so does the verdicts file");
    }

    @Test
    void noLeadIsLevelOnlyWhereEveryChallengersIntervalLiesWithinTheBandElseUndecided() {
        double[] base = {1000, 1030, 985, 1010, 995, 1020};
        double[] close = {1.01, 0.99, 1.02, 1.00, 1.01, 0.99};
        double[] wide = {1.30, 0.75, 1.20, 0.85, 1.25, 0.80};
        Verdict level = trials(base, close, close).get(0);
        assertEquals(Strength.LEVEL, level.strength(), level.text());
        assertTrue(level.low() >= 1 / (1 + Verdicts.LEVEL_BAND) && level.high() <= 1 + Verdicts.LEVEL_BAND, level.text());
        assertTrue(level.text().startsWith("level (x1.0"), level.text());
        assertEquals(Map.of("tomcat/platform", "entry at 50 users: level (every style within 5%)."), Verdicts.choices(List.of(level)));

        Verdict oneWide = trials(base, close, wide).get(0);
        assertEquals(Strength.UNDECIDED, oneWide.strength(), "one challenger's interval beyond the band: " + oneWide.text());
        assertTrue(oneWide.text().endsWith(", 6 trials)"), oneWide.text());
        assertTrue(Columns.VERDICTS.csv(List.of(oneWide)).get(1).contains(",UNDECIDED," + String.format(java.util.Locale.ROOT, "%.3f,%.3f",
                oneWide.low(), oneWide.high()) + ",0,6,"), Columns.VERDICTS.csv(List.of(oneWide)).get(1));
    }

    @Test
    void aLeadWhoseTailIsFarSlowerIsATradeOffAndSaysSo() {
        CellResult blocking = cell("tomcat", "entry", "blocking", 400, 1000);
        CellResult train = cell("tomcat", "entry", "train", 400, 1500);
        Verdict plain = Verdicts.of(List.of(blocking, train)).get(0);
        assertEquals("train", plain.winner());
        assertFalse(plain.tradeOff(), plain.text());
        assertEquals("p95 10 vs 10 ms", plain.latency());
        CellResult slowTail = withP99(train, 200);
        Verdict tradeOff = Verdicts.of(List.of(blocking, slowTail)).get(0);
        assertTrue(tradeOff.tradeOff(), tradeOff.text());
        assertTrue(tradeOff.text().endsWith(", a trade-off: its p99 x10.0"), tradeOff.text());
        assertFalse(Verdicts.of(List.of(blocking, withP99(train, 24))).get(0).tradeOff(), "a p99 a fifth higher is not a trade-off");
        assertFalse(Verdicts.of(List.of(withP99(blocking, 2), withP99(train, 6))).get(0).tradeOff(), "nor three times a tail of 2 ms");
    }

    private static CellResult withP99(CellResult c, double p99Ms) {
        CellStats s = c.stats();
        return new CellResult(c.run(), c.spec(), new CellStats(s.samples(), s.errors(), s.shed(), s.seconds(), s.throughput(), s.p50Ms(),
                s.p95Ms(), p99Ms, Math.max(p99Ms, s.maxMs()), s.meanMs(), s.okTotal(), s.total()), c.facts(), c.littleLimit(), c.audit(),
                c.failure(), c.results(), c.lean(), c.trials(), c.clientCpu(), c.trialClientCpu(), c.client());
    }

    @Test
    void aBaselineSharesItsLeadWithTheChallengersLevelWithIt() {
        // Offload at Little's limit: sync and the bounded pool serve what the users ask, the unbounded default pool a few.
        List<CellResult> sync = new ArrayList<>();
        List<CellResult> bounded = new ArrayList<>();
        List<CellResult> unbounded = new ArrayList<>();
        double[] base = {1000, 1002, 998, 1001};
        for (int i = 0; i < base.length; i++) {
            sync.add(cell("tomcat", "offload", "sync", 200, base[i]));
            bounded.add(cell("tomcat", "offload", "bounded", 200, base[i] * (1 + 0.002 * (i % 2))));
            unbounded.add(cell("tomcat", "offload", "default", 200, 40 + i));
        }
        Verdict v = Verdicts.of(List.of(CellResult.combine(sync), CellResult.combine(bounded), CellResult.combine(unbounded))).get(0);
        assertEquals("bounded or sync", v.winner(), v.text());
        assertEquals(Strength.STRONG, v.strength());
        assertTrue(v.ratio() > 20 && v.low() > 20, "over the pool behind: " + v.text());

        // Bounded not shown level (its trials swing): no shared lead, the verdict stays open.
        List<CellResult> swinging = new ArrayList<>();
        for (int i = 0; i < base.length; i++) {
            swinging.add(cell("tomcat", "offload", "bounded", 200, base[i] * (i % 2 == 0 ? 1.3 : 0.75)));
        }
        Verdict open = Verdicts.of(List.of(CellResult.combine(sync), CellResult.combine(swinging), CellResult.combine(unbounded))).get(0);
        assertEquals(Strength.UNDECIDED, open.strength(), open.text());
    }

    @Test
    void anUndecidedVerdictShowsTheComparisonThatStayedOpenNotOneAlreadyBehind() {
        // The Train is behind beyond noise and nearer 1 by its median; async swings either side of the baseline.
        double[] base = {1000, 1010, 990, 1005};
        double[] async = {0.60, 1.10, 0.70, 1.05};
        double[] train = {0.90, 0.91, 0.89, 0.90};
        Verdict v = trials(base, async, train).get(0);
        assertEquals(Strength.UNDECIDED, v.strength(), v.text());
        assertTrue(v.low() < 1 && v.high() > 1, "the interval that left it open holds 1: " + v.text());
        assertTrue(v.ratio() < 0.9, "async's ratio, not the Train's: " + v.text());
    }

    /** Blocking's trials, and async's and train's as their ratios to them, trial by trial. */
    private static List<Verdict> trials(double[] base, double[] async, double[] train) {
        List<CellResult> b = new ArrayList<>();
        List<CellResult> a = new ArrayList<>();
        List<CellResult> t = new ArrayList<>();
        for (int i = 0; i < base.length; i++) {
            b.add(cell("tomcat", "entry", "blocking", 50, base[i]));
            a.add(cell("tomcat", "entry", "async", 50, base[i] * async[i]));
            t.add(cell("tomcat", "entry", "train", 50, base[i] * train[i]));
        }
        return Verdicts.of(List.of(CellResult.combine(b), CellResult.combine(a), CellResult.combine(t)));
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
