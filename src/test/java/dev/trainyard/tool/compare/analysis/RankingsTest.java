package dev.trainyard.tool.compare.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Row;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Server variants ranked, and thread models set against each other, by unpaired intervals: the
 * interval proven on known samples (it covers the true ratio about as often as it says), and a
 * ranking that calls a lead only where the trials tell it.
 */
class RankingsTest {

    /**
     * Lognormal trials, four a side, 8% spread, a true ratio of 1.25: over 4,000 draws the 95%
     * interval holds the true ratio 93-97% of the time (Welch's t is close to exact here), and
     * where the spread is the same on both sides the lead is found in most draws.
     */
    @Test
    void theUnpairedIntervalCoversTheTrueRatioAsOftenAsItSays() {
        Random random = new Random(44);
        int draws = 4000;
        int covered = 0;
        int lead = 0;
        for (int i = 0; i < draws; i++) {
            double[] a = lognormal(random, 1250, 0.08);
            double[] b = lognormal(random, 1000, 0.08);
            double[] interval = Rankings.unpaired(a, b);
            covered += interval[0] <= 1.25 && 1.25 <= interval[1] ? 1 : 0;
            lead += interval[0] > 1 ? 1 : 0;
        }
        assertTrue(covered >= draws * 0.93 && covered <= draws * 0.97, covered + " of " + draws + " intervals held the true ratio");
        assertTrue(lead >= draws * 0.8, "a 25% lead found in " + lead + " of " + draws);
        assertTrue(Double.isNaN(Rankings.unpaired(new double[] {1000}, new double[] {900, 950})[0]), "one trial: no interval");
    }

    @Test
    void variantsAreRankedFastestFirstAndEachStepIsJudgedByItsInterval() {
        List<CellResult> cells = List.of(
                cell("tomcat", ThreadModel.PLATFORM, 3000, 3100, 2950, 3050),
                cell("jetty", ThreadModel.PLATFORM, 2000, 2050, 1980, 2020),
                cell("glassfish", ThreadModel.PLATFORM, 2010, 1900, 2150, 1990),
                cell("tomcat", ThreadModel.VIRTUAL, 2990, 3020, 3010, 2995));
        Rankings rankings = Rankings.of(cells);
        Rankings.Ranking r = rankings.rankings().get(0);
        assertEquals(List.of("tomcat/platform", "tomcat/virtual", "jetty/platform", "glassfish/platform"), r.order());
        assertEquals(List.of(Rankings.Step.LEVEL, Rankings.Step.LEAD, Rankings.Step.UNDECIDED), r.gaps().stream().map(Rankings.Gap::step).toList(),
                r.text());
        Rankings.ThreadModels tomcat = rankings.threadModels().get(0);
        assertEquals("tomcat", tomcat.server());
        assertEquals(Rankings.Step.LEVEL, tomcat.gap().step(), tomcat.gap().text());
        assertTrue(r.text().startsWith("tomcat/platform = (x"), r.text());
    }

    private static double[] lognormal(Random random, double median, double sigma) {
        return Arrays.stream(new double[4]).map(x -> median * Math.exp(sigma * random.nextGaussian())).toArray();
    }

    /** One entry cell at 400 users over its trials. */
    private static CellResult cell(String server, ThreadModel model, double... trials) {
        Row row = Row.of("entry");
        CellSpec spec = new CellSpec(row, row.family() + ".jmx", "train", 400, 0, Map.of(), Double.NaN, Bound.NONE, false, "train");
        return CellResult.combine(Arrays.stream(trials).mapToObj(t -> new CellResult(ServerRun.of(server, model), spec,
                new CellStats(1000, 0, 0, 10, t, 5, 10, 20, 30, 6, 1000, 1000), dev.trainyard.tool.compare.probe.ServerActivity.NONE,
                Double.NaN, null, null, Path.of("x.jtl"), null, null, 0.5)).toList());
    }
}
