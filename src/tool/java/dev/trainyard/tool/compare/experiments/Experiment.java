package dev.trainyard.tool.compare.experiments;

import dev.trainyard.tool.compare.analysis.Evidence;
import dev.trainyard.tool.compare.analysis.Finding;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import java.util.List;

/**
 * One of the experiments Trainyard reproduces (docs/experiments.md), in one file: the plans of
 * jmeter/ it owns, the cells each plan runs in each mode, and the original's claims checked on a
 * run's cells. Adding an experiment is a class of this kind in {@link Experiments} and its plan.
 */
interface Experiment {

    /** The plans it owns, as the plans option names them. */
    List<String> plans();

    /**
     * Adds the cells one of its plans runs on a server variant.
     *
     * @param variant platform or virtual: in the default run the virtual variants repeat only what threads change
     * @param virtualThreads whether the server's JVM has them (the offload plan's virtual pool)
     */
    void cells(String plan, Options o, ThreadModel variant, boolean virtualThreads, List<CellSpec> cells);

    /**
     * Adds its work at a fixed rate (the open plan), after its closed cells: latency measured from
     * when each request was due. Most experiments have none.
     */
    default void openCells(Options o, List<CellSpec> cells) {
    }

    /** Its claims checked on one server variant's cells, where the run measured them. */
    default void claims(Evidence run, ServerRun where, List<Finding> found) {
    }

    /** Its claims that compare server variants (thread models), after every variant's own. */
    default void claimsAcross(Evidence run, List<Finding> found) {
    }
}
