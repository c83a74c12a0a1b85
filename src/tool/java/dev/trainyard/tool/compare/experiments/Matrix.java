package dev.trainyard.tool.compare.experiments;

import static dev.trainyard.tool.compare.experiments.Loads.max;
import static dev.trainyard.tool.compare.experiments.Loads.props;

import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.plan.Trials;
import java.util.ArrayList;
import java.util.List;

/**
 * The cells one server variant runs, plan by plan in the order the plans option gives them, each
 * plan's from the experiment that owns it, then the generator's ceiling; and how many trials each runs
 * (a verdict still open gets more of them: {@link Trials}).
 */
public final class Matrix {

    private Matrix() {
    }

    /**
     * @param variant platform or virtual: in the default run the virtual variants repeat only what threads change
     * @param virtualThreads whether the server's JVM has them (the offload plan's virtual pool)
     */
    public static List<CellSpec> cells(Options options, ThreadModel variant, boolean virtualThreads) {
        List<CellSpec> cells = new ArrayList<>();
        for (String plan : options.plans(variant)) {
            if (plan.equals(Experiments.OPEN)) {
                Experiments.openCells(options, options.plans(variant), cells);
            } else {
                Experiments.owning(plan).cells(plan, options, variant, virtualThreads, cells);
            }
        }
        // Last, when the server's and the client's code are both warm: a cold ceiling would flatter every cell.
        if (cells.stream().anyMatch(c -> !c.cost())) {
            cells.add(calibration(options));
        }
        // An open cell's figures are latencies from the schedule, which no verdict pairs over trials: one trial.
        cells.replaceAll(c -> c.repeated(c.cost() || c.calibration() || c.open() ? Trials.fixed(1) : options.trials()));
        return cells;
    }

    /**
     * The further trials one server variant may run at most, over its least ones: its budget
     * (trials.extra), or every cell that may have them at its most trials, whichever is fewer.
     */
    public static int furtherTrials(Options options, List<CellSpec> cells) {
        long most = cells.stream().mapToLong(c -> c.trials().most() - c.trials().least()).sum();
        return (int) Math.min(options.extraTrials(), most);
    }

    /**
     * JMeter against /blocking/hello at the run's highest closed load: the most this client can
     * drive on this machine, the ceiling every other cell's throughput must be read against.
     */
    private static CellSpec calibration(Options options) {
        int users = options.smoke() ? 10 : Math.min(1000, options.users() == null ? 400 : max(options.users()));
        return new CellSpec("calibration", "hello.jmx", "generator", users, 0, props("style", "blocking"), Double.NaN, Bound.NONE, false,
                "blocking/hello");
    }
}
