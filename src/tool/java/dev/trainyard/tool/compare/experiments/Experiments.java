package dev.trainyard.tool.compare.experiments;

import dev.trainyard.tool.compare.analysis.Analysis;
import dev.trainyard.tool.compare.analysis.BestSettings;
import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Crossover;
import dev.trainyard.tool.compare.analysis.Evidence;
import dev.trainyard.tool.compare.analysis.Finding;
import dev.trainyard.tool.compare.analysis.Footprint;
import dev.trainyard.tool.compare.analysis.ProtocolCost;
import dev.trainyard.tool.compare.analysis.Rankings;
import dev.trainyard.tool.compare.analysis.ThreadsOverTime;
import dev.trainyard.tool.compare.analysis.Verdicts;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.ServerRun;
import java.util.ArrayList;
import java.util.List;

/** The five experiments, in the order the report states their claims for each server variant. */
public final class Experiments {

    static final List<Experiment> ALL = List.of(new E4Sleep(), new E3Train(), new E2Offload(), new E1Store(), new E5Threads());

    private Experiments() {
    }

    /**
     * The plan no experiment owns alone: each experiment's work at a fixed rate ({@link Experiment#openCells}),
     * where its closed plan runs too (the rate is a share of its peak) or a rate is given.
     */
    static final String OPEN = "open";

    /** The cells the open plan adds on a server variant that runs {@code plans}. */
    static void openCells(Options o, List<String> plans, List<CellSpec> cells) {
        for (Experiment e : ALL) {
            if (o.rate() > 0 || e.plans().stream().anyMatch(plans::contains)) {
                e.openCells(o, cells);
            }
        }
    }

    /** The experiment that owns a plan. */
    static Experiment owning(String plan) {
        return ALL.stream().filter(e -> e.plans().contains(plan)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no plan " + plan));
    }

    /** Every analysis of a run's cells, its findings included: the one place they are worked out. */
    public static Analysis analyse(List<CellResult> results) {
        return new Analysis(results, Crossover.findAll(results), Crossover.findAllLean(results), Verdicts.of(results), Rankings.of(results), findings(results),
                BestSettings.of(results), ProtocolCost.of(results), new ThreadsOverTime(results), Footprint.cheapest(results));
    }

    /** Every experiment's claims checked against a run's cells: per server variant, then across variants. */
    public static List<Finding> findings(List<CellResult> results) {
        Evidence run = new Evidence(results);
        List<Finding> found = new ArrayList<>();
        for (ServerRun where : results.stream().map(CellResult::run).distinct().toList()) {
            ALL.forEach(e -> e.claims(run, where, found));
        }
        ALL.forEach(e -> e.claimsAcross(run, found));
        return found;
    }
}
