package dev.trainyard.tool.compare.analysis;

import java.util.List;

/**
 * Everything the run's outputs say of its cells, worked out once: the crossovers (by JMeter's
 * figures and by wrk's), the verdicts, the rankings across server variants and thread models, the experiments' findings, each server at its best, what
 * each protocol costs, the threads over time and the cheapest server per load. The report only
 * renders these; nothing downstream analyses again.
 */
public record Analysis(List<CellResult> results, List<Crossover> crossovers, List<Crossover> leanCrossovers,
        List<Verdicts.Verdict> verdicts, Rankings rankings, List<Finding> findings, BestSettings best, ProtocolCost protocols,
        ThreadsOverTime threadsOverTime, List<String> cheapest) {
}
