package dev.trainyard.tool.compare.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.analysis.NoiseBudget.Share;
import dev.trainyard.tool.compare.probe.Conditions;
import dev.trainyard.tool.compare.probe.ServerActivity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The variance budget on simulated trials whose cause is known: seeded, so the same figures
 * every time; each cell at its own rate, so that only the spread within a cell is to explain.
 */
class NoiseBudgetTest {

    private static final int CELLS = 40;
    private static final int TRIALS = 3;

    @Test
    void theSuspectThatMovedTheTrialsExplainsTheirSpreadAndTheOthersDoNot() {
        Random random = new Random(21);
        List<List<CellResult>> cells = new ArrayList<>();
        for (int c = 0; c < CELLS; c++) {
            double rate = 500 + 5000 * random.nextDouble();
            List<CellResult> trials = new ArrayList<>();
            for (int t = 0; t < TRIALS; t++) {
                // Autovacuum in a third of the trials costs a quarter of the throughput; the JIT and the client move at random.
                double vacuums = random.nextDouble() < 0.3 ? 1 : 0;
                double throughput = rate * Math.exp(-0.25 * vacuums + 0.02 * random.nextGaussian());
                Conditions beside = new Conditions(random.nextDouble(), 0.01 * random.nextDouble(), Double.NaN, vacuums, 0,
                        0.02 * random.nextDouble(), 0.1 * random.nextDouble());
                trials.add(trial(throughput, beside, 0.5 + 0.05 * random.nextGaussian()));
            }
            cells.add(trials);
        }
        NoiseBudget budget = NoiseBudget.of(cells);
        Map<String, Double> shares = budget.suspects().stream().collect(Collectors.toMap(Share::suspect, Share::explained));
        assertEquals("autovacuum", budget.suspects().get(0).suspect(), budget.sentence());
        assertTrue(shares.get("autovacuum") > 0.8, budget.sentence());
        assertTrue(shares.get("the server's JIT") < 0.1 && shares.get("the load client's CPU") < 0.1, budget.sentence());
        assertTrue(shares.get("the load client's JIT") < 0.1, budget.sentence());
        assertTrue(Double.isNaN(shares.get("PostgreSQL's checkpointer")), "never read: no share, " + budget.sentence());
        assertTrue(Double.isNaN(shares.get("CPU steal")), "never moved: no share, " + budget.sentence());
        assertTrue(budget.together() >= shares.get("autovacuum") && budget.together() < 1, budget.sentence());
        assertEquals(CELLS * TRIALS, budget.trials());
        System.out.println(budget.sentence());
    }

    @Test
    void spreadNoSuspectMovedWithIsLeftUnexplained() {
        Random random = new Random(22);
        List<List<CellResult>> cells = new ArrayList<>();
        for (int c = 0; c < CELLS; c++) {
            List<CellResult> trials = new ArrayList<>();
            for (int t = 0; t < TRIALS; t++) {
                trials.add(trial(1000 * (c + 1) * Math.exp(0.05 * random.nextGaussian()),
                        new Conditions(random.nextDouble(), random.nextDouble(), 100 * random.nextDouble(), random.nextInt(2), 0, random.nextDouble(),
                                random.nextDouble()),
                        0.5 + 0.05 * random.nextGaussian()));
            }
            cells.add(trials);
        }
        NoiseBudget budget = NoiseBudget.of(cells);
        assertEquals(0.05, budget.spread(), 0.01, "the noise drawn, within a cell: " + budget.sentence());
        budget.suspects().stream().filter(s -> !Double.isNaN(s.explained()))
                .forEach(s -> assertTrue(s.explained() < 0.1, s + ": " + budget.sentence()));
        assertTrue(budget.together() < 0.25, budget.sentence());
    }

    @Test
    void onlyCellsOfThreeOrMoreTrialsNoneFailedCount() {
        List<CellResult> two = List.of(trial(100, Conditions.UNKNOWN, 0.5), trial(110, Conditions.UNKNOWN, 0.5));
        CellResult failed = CrossoverTest.cell("tomcat", "entry", "blocking", 50, 100);
        failed = new CellResult(failed.run(), failed.spec(), failed.stats(), failed.facts(), failed.littleLimit(), null, "no answer",
                failed.results(), null, null, 0.5);
        List<CellResult> oneFailed = List.of(trial(100, Conditions.UNKNOWN, 0.5), failed, trial(90, Conditions.UNKNOWN, 0.5));
        NoiseBudget none = NoiseBudget.of(List.of(two, oneFailed));
        assertEquals(0, none.cells());
        assertEquals("Where the trials' spread comes from: no cell ran three trials.", none.sentence());
    }

    private static CellResult trial(double throughput, Conditions beside, double clientCpu) {
        CellResult r = CrossoverTest.cell("tomcat", "entry", "blocking", 50, throughput);
        return new CellResult(r.run(), r.spec(), r.stats(), ServerActivity.NONE.with(beside), r.littleLimit(), null, null, r.results(), null,
                null, clientCpu);
    }
}
