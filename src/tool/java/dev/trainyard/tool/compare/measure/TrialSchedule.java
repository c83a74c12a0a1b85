package dev.trainyard.tool.compare.measure;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Verdicts;
import dev.trainyard.tool.compare.plan.CellSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The order one server variant's trials run in: trial by trial through the whole list of cells
 * (A B C A B C), so that drift hits every style alike, each cell its least trials; then one more
 * trial at a time for the cells of the verdicts still open ({@link Verdicts#open}), each verdict's
 * cells together so that their trials stay paired, whole verdicts only, while the budget lasts.
 * Before each round, {@link Between}: what the database needs between its rounds, outside every
 * measured window.
 */
final class TrialSchedule {

    /** One trial of one cell, the {@code n}-th it runs; its result goes into the trials the schedule reads. */
    interface Trial {
        void run(CellSpec cell, int n) throws Exception;
    }

    /** What runs before each round of trials, the first included (the warm-up wrote too). */
    interface Between {
        void before(int round) throws Exception;
    }

    private TrialSchedule() {
    }

    /**
     * @param trials each cell's results so far, as {@code trial} records them
     * @param budget the further cell runs the variant may spend
     * @return the further cell runs left unspent
     */
    static int run(List<CellSpec> cells, int budget, Map<CellSpec, List<CellResult>> trials, Trial trial, Between between) throws Exception {
        int least = cells.stream().mapToInt(c -> c.trials().least()).max().orElse(1);
        for (int n = 1; n <= least; n++) {
            between.before(n);
            for (CellSpec cell : cells) {
                if (cell.runsIn(n, least)) {
                    trial.run(cell, n);
                }
            }
        }
        for (int n = least + 1; budget > 0; n++) {
            List<CellSpec> round = new ArrayList<>();
            for (List<CellSpec> verdict : Verdicts.open(trials)) {
                if (round.size() + verdict.size() <= budget) {
                    round.addAll(verdict);
                }
            }
            if (round.isEmpty()) {
                break;
            }
            between.before(n);
            for (CellSpec cell : round) {
                trial.run(cell, n);
            }
            budget -= round.size();
        }
        return budget;
    }
}
