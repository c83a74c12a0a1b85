package dev.trainyard.tool.compare.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.CrossoverTest;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Trials;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The order of a variant's trials, with trials whose throughputs are made up: open verdicts get more, decided ones do not. */
class TrialScheduleTest {

    private static final Trials TRIALS = new Trials(3, 5);

    @Test
    void everyCellItsLeastInterleavedThenTheOpenVerdictsTogetherWithinTheBudget() throws Exception {
        CellSpec sleepBlocking = spec("sleep", "blocking", 1000);
        CellSpec sleepAsync = spec("sleep", "async", 1000);
        CellSpec entryBlocking = spec("entry", "blocking", 50);
        CellSpec entryAsync = spec("entry", "async", 50);
        List<CellSpec> cells = List.of(sleepBlocking, sleepAsync, entryBlocking, entryAsync);
        // Sleep: async five times blocking in every trial, decided. Entry: async swings around blocking, open.
        Map<CellSpec, double[]> served = Map.of(sleepBlocking, new double[] {1000, 1010, 990, 1000, 1000},
                sleepAsync, new double[] {5000, 5020, 4990, 5000, 5000}, entryBlocking, new double[] {1000, 1000, 1000, 1000, 1000},
                entryAsync, new double[] {1400, 700, 1200, 800, 1300});
        Map<CellSpec, List<CellResult>> trials = new LinkedHashMap<>();
        List<String> ran = new ArrayList<>();
        TrialSchedule.Trial trial = (cell, n) -> {
            ran.add(cell.experiment() + " " + cell.style() + " " + n);
            CellResult r = CrossoverTest.cell("tomcat", cell.experiment(), cell.style(), cell.users(), served.get(cell)[n - 1]);
            trials.computeIfAbsent(cell, c -> new ArrayList<>()).add(new CellResult(r.run(), cell, r.stats(), r.facts(), r.littleLimit(),
                    null, null, r.results(), null, null, 0.5));
        };

        int left = TrialSchedule.run(cells, 3, trials, trial, round -> ran.add("before round " + round));

        assertEquals(List.of("before round 1", "sleep blocking 1", "sleep async 1", "entry blocking 1", "entry async 1",
                "before round 2", "sleep blocking 2", "sleep async 2", "entry blocking 2", "entry async 2",
                "before round 3", "sleep blocking 3", "sleep async 3", "entry blocking 3", "entry async 3",
                "before round 4", "entry blocking 4", "entry async 4"), ran, "a fifth trial would not fit the budget of three: the verdict's two cells go together or not at all");
        assertEquals(1, left);
    }

    @Test
    void noBudgetNoFurtherTrials() throws Exception {
        CellSpec blocking = spec("entry", "blocking", 50);
        CellSpec async = spec("entry", "async", 50);
        Map<CellSpec, List<CellResult>> trials = new LinkedHashMap<>();
        List<Integer> ran = new ArrayList<>();
        TrialSchedule.Trial trial = (cell, n) -> {
            ran.add(n);
            CellResult r = CrossoverTest.cell("tomcat", "entry", cell.style(), 50, cell.style().equals("async") ? 700 + 300 * n : 1000);
            trials.computeIfAbsent(cell, c -> new ArrayList<>()).add(new CellResult(r.run(), cell, r.stats(), r.facts(), r.littleLimit(),
                    null, null, r.results(), null, null, 0.5));
        };
        assertEquals(0, TrialSchedule.run(List.of(blocking, async), 0, trials, trial, round -> ran.add(-round)));
        assertEquals(List.of(-1, 1, 1, -2, 2, 2, -3, 3, 3), ran, "the database tended before each round, none after the last");
    }

    private static CellSpec spec(String experiment, String style, int users) {
        return CrossoverTest.cell("tomcat", experiment, style, users, 1).spec().repeated(TRIALS);
    }
}
