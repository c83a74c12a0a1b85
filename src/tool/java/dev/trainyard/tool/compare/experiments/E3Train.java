package dev.trainyard.tool.compare.experiments;

import static dev.trainyard.tool.compare.experiments.Loads.levels;
import static dev.trainyard.tool.compare.experiments.Loads.props;

import dev.trainyard.tool.compare.analysis.Evidence;
import dev.trainyard.tool.compare.analysis.Finding;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Row;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** E3 train: one row read and one view added per request by each style, closed (entry) and at a fixed rate (the open plan). */
final class E3Train implements Experiment {

    @Override
    public List<String> plans() {
        return List.of("entry");
    }

    @Override
    public void cells(String plan, Options o, ThreadModel variant, boolean virtualThreads, List<CellSpec> cells) {
        switch (plan) {
            case "entry" -> entry(o, variant, cells);
            default -> throw new IllegalArgumentException("E3Train has no plan " + plan);
        }
    }

    @Override
    public void claims(Evidence run, ServerRun where, List<Finding> found) {
        trainWins(run, where).ifPresent(found::add);
        trainPenalty(run, where).ifPresent(found::add);
    }

    /**
     * E3 train: one row read and one view added per request, by each style (the Train once per
     * policy asked for). The default leaves one user out on virtual threads: one request at a time
     * needs no thread model.
     */
    static void entry(Options o, ThreadModel variant, List<CellSpec> cells) {
        int[] normal = variant == ThreadModel.VIRTUAL ? new int[] {50, 400} : new int[] {1, 50, 400};
        for (int users : levels(o, normal, new int[] {1, 3, 50, 100, 200, 400}, new int[] {1, 20})) {
            for (String style : List.of("blocking", "async")) {
                cells.add(new CellSpec("entry", "entry.jmx", style, users, 0, props("style", style),
                        Double.NaN, Bound.NONE, true, style + "/entry"));
            }
            for (String policy : o.policies()) {
                // The natural policy is "train" in every chart and finding; the others are named.
                cells.add(new CellSpec("entry", "entry.jmx", policy.equals("natural") ? "train" : "train " + policy, users, 0,
                        props("style", "train", "policy", policy), Double.NaN, Bound.NONE, true, "train/entry?policy=" + policy));
            }
        }
    }

    /** The same entry work at a fixed offered rate: latency without coordinated omission. */
    @Override
    public void openCells(Options o, List<CellSpec> cells) {
        for (String style : List.of("blocking", "async", "train")) {
            // Each answer adds a view, audited as the closed cells' are.
            cells.add(Loads.open(o, Row.of("entry"), style, true, style + "/entry"));
        }
    }

    /** E3 train: the Train serves many more requests than the classic servlet at 50 users. */
    Optional<Finding> trainWins(Evidence run, ServerRun where) {
        int users = run.closestUsers(where, "entry", 50);
        return run.pair(where, "entry", "train", "blocking", users).map(p -> new Finding("E3 train",
                "the Train beats the classic servlet at " + users + " users (originally at least 15x at 50)", where,
                p.ahead(), Evidence.ratioText(p, users)));
    }

    /** E3 train: a lone request waits for the next departure, so the Train is slower at very low load. */
    Optional<Finding> trainPenalty(Evidence run, ServerRun where) {
        int users = run.minUsers(where, "entry");
        if (users > 3) {
            return Optional.empty();
        }
        // JMeter times in whole milliseconds; at one user the mean separates what p50 rounds together.
        return run.pair(where, "entry", "train", "blocking", users).map(p -> new Finding("E3 train",
                "the Train pays a low-traffic penalty at " + users + " user(s) (originally slightly worse at 3)", where,
                p.behind(), String.format(Locale.ROOT,
                        "x%.2f req/s, mean %.2f vs %.2f ms; the natural policy departs at once when no train is running",
                        p.ratio(), p.challengerMean(), p.baselineMean())));
    }
}
