package dev.trainyard.tool.compare.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.analysis.Crossover.Kind;
import dev.trainyard.tool.compare.analysis.Crossover.Point;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Row;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.probe.ServerActivity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class CrossoverTest {

    private static Point p(int users, double baseline, double challenger) {
        return new Point(users, baseline, challenger, 10, 10);
    }

    @Test
    void aChallengerBehindAtLowLoadAndAheadAboveOvertakesBetweenTheTwoLoads() {
        Crossover c = Crossover.find("tomcat/platform", "entry", "train", "blocking",
                List.of(p(400, 5000, 12000), p(1, 1000, 500), p(50, 5000, 9000)));

        assertEquals(Kind.OVERTAKES, c.kind());
        assertEquals(1, c.below());
        assertEquals(50, c.at());
        // Ratio 0.5 at 1 user, 1.8 at 50: it crosses 1 at 1 + (0.5 / 1.3) of the way on log(users).
        assertEquals(Math.exp(Math.log(50) * 0.5 / 1.3), c.estimatedUsers(), 1e-9);
        assertTrue(c.sentence().startsWith("tomcat/platform, entry: train overtakes blocking between 1 and 50 users (about 5)"),
                c.sentence());
    }

    @Test
    void aLeadWithinTheNoiseMarginIsATieNotACrossing() {
        Crossover c = Crossover.find("jetty/virtual", "entry", "async", "blocking",
                List.of(p(1, 1000, 900), p(50, 5000, 5200), p(400, 5000, 5100)));

        assertEquals(Kind.NEVER, c.kind());
        assertTrue(c.sentence().contains("async never overtakes blocking up to 400 users"), c.sentence());
    }

    @Test
    void aheadEverywhereAndAheadThenBehindAreToldApart() {
        assertEquals(Kind.ALWAYS_AHEAD, Crossover.find("w", "sleep", "async", "blocking",
                List.of(p(200, 900, 1000), p(1000, 900, 4800))).kind());
        Crossover fallsBack = Crossover.find("w", "entry", "train", "blocking",
                List.of(p(1, 100, 90), p(50, 100, 200), p(400, 100, 80)));
        assertEquals(Kind.FALLS_BACK, fallsBack.kind());
        assertTrue(fallsBack.sentence().contains("not at the highest (400 users)"), fallsBack.sentence());
    }

    @Test
    void aBehindToAheadJumpOverATieHasNoInterpolatedPoint() {
        Crossover c = Crossover.find("w", "entry", "train", "blocking", List.of(p(1, 100, 102), p(50, 100, 150)));
        assertEquals(Kind.OVERTAKES, c.kind());
        assertEquals(Double.NaN, c.estimatedUsers());
    }

    @Test
    void findAllComparesEachChallengerWithItsExperimentsBaselinePerServerVariant() {
        List<CellResult> results = new ArrayList<>();
        results.add(cell("tomcat", "offload", "sync", 200, 1000));
        results.add(cell("tomcat", "offload", "default", 200, 40));
        results.add(cell("tomcat", "entry", "blocking", 1, 1000));
        results.add(cell("tomcat", "entry", "blocking", 50, 5000));
        results.add(cell("tomcat", "entry", "train", 1, 600));
        results.add(cell("tomcat", "entry", "train", 50, 9000));
        results.add(cell("jetty", "entry", "blocking", 50, 5000));
        results.add(cell("jetty", "entry", "train", 50, 4000));
        results.add(cell("tomcat", "calibration", "generator", 400, 20000));

        List<Crossover> found = Crossover.findAll(results);

        assertEquals(3, found.size());
        assertEquals("sync", found.get(0).baseline());
        assertEquals(Kind.NEVER, found.get(0).kind());
        assertEquals(Kind.OVERTAKES, found.get(1).kind());
        assertEquals("jetty/platform", found.get(2).where());
        assertEquals(Kind.NEVER, found.get(2).kind());
    }

    @Test
    void theLeanCrossoversUseWrksFiguresAndOnlyTheCellsItChecked() {
        List<CellResult> results = new ArrayList<>();
        results.add(withLean(cell("tomcat", "entry", "blocking", 50, 3000), 7000));
        results.add(withLean(cell("tomcat", "entry", "train", 50, 3100), 14000));
        results.add(cell("tomcat", "entry", "blocking", 400, 3000));
        results.add(cell("tomcat", "entry", "train", 400, 6000));

        Crossover jmeter = Crossover.findAll(results).get(0);
        Crossover lean = Crossover.findAllLean(results).get(0);

        assertEquals(Kind.OVERTAKES, jmeter.kind());
        assertEquals(Kind.ALWAYS_AHEAD, lean.kind());
        assertEquals(1, lean.points().size());
        assertEquals(2.0, lean.points().get(0).ratio(), 1e-9);
    }

    private static CellResult withLean(CellResult r, double throughput) {
        return new CellResult(r.run(), r.spec(), r.stats(), r.facts(), r.littleLimit(), r.audit(), r.failure(),
                r.results(), new CellResult.Lean(throughput, 1, 0), r.trials(), r.clientCpu());
    }

    public static CellResult cell(String server, String experiment, String style, int users, double throughput) {
        return cell(server, Row.of(experiment), style, users, throughput);
    }

    public static CellResult cell(String server, Row row, String style, int users, double throughput) {
        CellSpec spec = new CellSpec(row, row.family() + ".jmx", style, users, 0, Map.of(), Double.NaN, Bound.NONE, false, style);
        CellStats stats = new CellStats(1000, 0, 0, 10, throughput, 5, 10, 20, 30, 6, 1000, 1000);
        return new CellResult(ServerRun.of(server, ThreadModel.PLATFORM), spec, stats, ServerActivity.NONE, Double.NaN, null, null, Path.of("x.jtl"), null, null, 0.5);
    }

    private static Point trials(int users, Interval baseline, Interval challenger) {
        return new Point(users, baseline.median(), challenger.median(), 10, 10, baseline, challenger, new boolean[3], new boolean[3]);
    }

    @Test
    void withTrialsALeadCountsOnlyWhereItsIntervalOverThePairedTrialsExcludesATie() {
        // x1.10 at 400, but the lead changes sides from trial to trial: a tie, however large the ratio looks.
        Crossover tie = Crossover.find("w", "entry", "async", "blocking", List.of(
                trials(50, Interval.of(900, 1000, 1100), Interval.of(1050, 1000, 950)),
                trials(400, Interval.of(800, 1000, 1200), Interval.of(1300, 1100, 900))));
        assertEquals(Kind.NEVER, tie.kind());
        assertTrue(tie.sentence().contains("a tie within noise"), tie.sentence());

        // x1.04 at 400, but both intervals are narrow and apart: a decided lead, below the 5% margin.
        Crossover lead = Crossover.find("w", "entry", "train", "blocking", List.of(
                trials(1, Interval.of(1000, 1001, 1002), Interval.of(700, 701, 702)),
                trials(400, Interval.of(1000, 1001, 1002), Interval.of(1040, 1041, 1042))));
        assertEquals(Kind.OVERTAKES, lead.kind());
        assertTrue(lead.sentence().contains("1041 ["), lead.sentence());
    }

    @Test
    void aCellsTrialsCombineIntoTheMedianTrialWithTheirIntervalAndAnyFailure() {
        CellResult a = cell("tomcat", "entry", "train", 50, 900);
        CellResult b = cell("tomcat", "entry", "train", 50, 1100);
        CellResult c = new CellResult(ServerRun.of("tomcat", ThreadModel.PLATFORM), a.spec(), a.stats(), a.facts(), a.littleLimit(), null, "audit: lost 1",
                a.results(), null, null, 0.95);
        CellResult combined = CellResult.combine(List.of(b, a, c));
        assertEquals(900, combined.stats().throughput(), 1e-9, "the middle of 900, 900, 1100");
        assertEquals(3, combined.trials().n());
        assertEquals("trial 3: audit: lost 1", combined.failure());
        assertEquals(null, CellResult.combine(List.of(a, b)).failure());
        assertTrue(combined.clientBound(), "a trial whose client ran out of CPU marks the cell");
        assertArrayEquals(new boolean[] {false, false, true}, combined.boundTrials(), "and which trial it was, in the order they ran");
    }

    private static final Interval BASELINE = Interval.of(1000, 1040, 980, 1010, 990, 1020);
    private static final Interval TWICE = Interval.of(2100, 2000, 2050, 1950, 2080, 2020);

    @Test
    void aTrialWhoseBaselineWasClientBoundIsSetAsideAndTheRestDecide() {
        boolean[] fifthBound = {false, false, false, false, true, false};
        Point p = new Point(400, 1010, 2035, 10, 10, BASELINE, TWICE, fifthBound, new boolean[6]);
        assertTrue(p.ahead(), "five clean trials of six, each about x2");
        assertFalse(p.withheld());
        assertEquals(1, p.setAside());
        assertEquals(5, p.decidingLead().n(), "the interval the verdict rests on leaves the fifth trial out");
        Crossover c = Crossover.find("w", "entry", "train", "blocking", List.of(p));
        assertEquals(Kind.ALWAYS_AHEAD, c.kind(), c.sentence());
        assertTrue(c.sentence().contains("1 of 6 trials set aside, the load client CPU-bound"), c.sentence());
    }

    @Test
    void withFewerThanHalfTheTrialsCleanTheVerdictIsWithheld() {
        boolean[] fourBound = {true, false, true, false, true, true};
        Point p = new Point(400, 1010, 2035, 10, 10, BASELINE, TWICE, fourBound, new boolean[6]);
        assertFalse(p.ahead(), "two clean trials of six are too little of what was measured");
        assertTrue(p.withheld());
        assertEquals(0, p.setAside());

        boolean[] threeBound = {true, false, true, false, true, false};
        assertTrue(new Point(400, 1010, 2035, 10, 10, BASELINE, TWICE, threeBound, new boolean[6]).ahead(), "half of them do decide");
    }

    @Test
    void theTrialsOfTheLeadersOwnBoundCellStayInItsLeadAndAreSetAsideOnlyToCallItBehind() {
        boolean[] allBound = {true, true, true, true, true, true};
        Point leaderBound = new Point(400, 1010, 2035, 10, 10, BASELINE, TWICE, new boolean[6], allBound);
        assertTrue(leaderBound.ahead(), "a client-bound leader's figures only understate its lead");
        assertEquals(0, leaderBound.setAside());

        Point trailerBound = new Point(400, 2035, 1010, 10, 10, TWICE, BASELINE, new boolean[6], allBound);
        assertFalse(trailerBound.behind(), "a client-bound trailer's figures may be short of its server's");
        assertTrue(trailerBound.withheld());
        boolean[] oneBound = {false, true, false, false, false, false};
        Point mostlyClean = new Point(400, 2035, 1010, 10, 10, TWICE, BASELINE, new boolean[6], oneBound);
        assertTrue(mostlyClean.behind());
        assertEquals(1, mostlyClean.setAside());
    }

    @Test
    void whereTheBaselinesClientWasCpuBoundTheVerdictIsWithheld() {
        Point bound = new Point(400, 1000, 3000, 10, 10, null, null, new boolean[] {true}, new boolean[1]);
        Crossover c = Crossover.find("w", "entry", "train", "blocking", List.of(p(50, 1000, 2000), bound));
        assertEquals(Kind.FALLS_BACK, c.kind(), "not ahead at 400, where nothing can be said");
        assertTrue(c.sentence().contains("withheld at 400: the load client was CPU-bound"), c.sentence());
    }

    @Test
    void aLeadMeasuredWhileOnlyTheLeadersClientWasCpuBoundStandsSinceItsTrueLeadIsLarger() {
        Point leaderBound = new Point(400, 1000, 3000, 10, 10, null, null, new boolean[1], new boolean[] {true});
        assertTrue(leaderBound.ahead());
        assertFalse(leaderBound.withheld());
        Crossover c = Crossover.find("w", "entry", "train", "blocking", List.of(p(50, 1000, 2000), leaderBound));
        assertEquals(Kind.ALWAYS_AHEAD, c.kind(), c.sentence());

        // Behind, with its own client out of CPU: its figure may be short of the server's, so nothing is said.
        Point trailerBound = new Point(400, 3000, 1000, 10, 10, null, null, new boolean[1], new boolean[] {true});
        assertFalse(trailerBound.behind());
        assertTrue(trailerBound.withheld());
    }
}
