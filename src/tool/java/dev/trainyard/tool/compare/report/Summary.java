package dev.trainyard.tool.compare.report;

import dev.trainyard.tool.compare.analysis.Analysis;
import dev.trainyard.tool.compare.analysis.BestSettings;
import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Crossover;
import dev.trainyard.tool.compare.analysis.Finding;
import dev.trainyard.tool.compare.analysis.Footprint;
import dev.trainyard.tool.compare.analysis.ProtocolCost;
import dev.trainyard.tool.compare.analysis.Rankings;
import dev.trainyard.tool.compare.analysis.Reasons;
import dev.trainyard.tool.compare.analysis.ThreadsOverTime;
import dev.trainyard.tool.compare.analysis.Verdicts;
import dev.trainyard.tool.compare.jvm.ThreadModelCost;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What the console shows at the end of a run, and summary.txt holds: the answer first, then why and the claims. */
final class Summary {

    /** The load client that measured the cells, as the summary names it. */
    private final String client;
    private final Analysis analysis;
    private final List<CellResult> results;
    private final List<Crossover> crossovers;
    private final List<Crossover> leanCrossovers;
    private final List<Finding> findings;
    private final BestSettings best;
    private final ProtocolCost protocols;
    private final List<ThreadModelCost.Row> threadCosts;
    private final List<Footprint> footprints;
    private final ThreadsOverTime threadsOverTime;

    Summary(String client, Analysis analysis, List<ThreadModelCost.Row> threadCosts, List<Footprint> footprints) {
        this.client = client;
        this.analysis = analysis;
        this.results = analysis.results();
        this.crossovers = analysis.crossovers();
        this.leanCrossovers = analysis.leanCrossovers();
        this.findings = analysis.findings();
        this.best = analysis.best();
        this.protocols = analysis.protocols();
        this.threadCosts = threadCosts;
        this.footprints = footprints;
        this.threadsOverTime = analysis.threadsOverTime();
    }

    /** What the console shows at the end: calibration, crossovers, findings, failures. */
    String text() {
        StringBuilder s = new StringBuilder();
        s.append("\n== Trainyard comparison: summary\n");
        for (CellResult r : results) {
            if (r.spec().experiment().equals("calibration")) {
                s.append(String.format(Locale.ROOT, "generator ceiling on %s: %.0f req/s (%s, %d users, /blocking/hello)%n",
                        r.variantName(), r.stats().throughput(), client, r.spec().users()));
            }
        }
        Map<String, String> choices = Verdicts.choices(analysis.verdicts());
        if (!choices.isEmpty()) {
            s.append("\nWhat to choose (each experiment at its highest load):\n");
            choices.forEach((variant, choice) -> s.append("- ").append(variant).append(": ").append(choice).append('\n'));
        }
        List<String> why = why(results);
        if (!why.isEmpty()) {
            s.append("\nWhy (where the threads were, the bounds reached; cells bound by a pool, a lock, the CPU or a bound):\n");
            why.forEach(w -> s.append("- ").append(w).append('\n'));
        }
        if (!best.isEmpty()) {
            s.append("\nEach server at its best (the tuning sweep; a lead over the equal settings counts where the intervals part):\n");
            best.bests().forEach(b -> s.append("- ").append(b.sentence()).append('\n'));
            s.append("At their best, fastest first (req/s):\n");
            best.atTheirBest().forEach(l -> s.append("- ").append(l).append('\n'));
            List<String> paste = best.pasteLines();
            s.append(paste.isEmpty() ? "No setting beat the equal settings beyond noise: nothing to paste.\n"
                    : "To run a server at its best, in its native files:\n");
            paste.forEach(l -> s.append("- ").append(l).append('\n'));
        }
        if (!protocols.isEmpty()) {
            s.append("\nWhat the protocol costs (the same cell over each protocol, each experiment's highest load; x: to the first):\n");
            protocols.lines().forEach(l -> s.append("- ").append(l).append('\n'));
        }
        if (!threadsOverTime.isEmpty()) {
            s.append("\nE5 threads over time (the threads plan's highest load; live JVM threads from /metrics, one a second):\n");
            threadsOverTime.lines().forEach(l -> s.append("- ").append(l).append('\n'));
        }
        if (!footprints.isEmpty()) {
            s.append("\nFootprint (each server variant: start-up, memory, the CPU a request costs the server):\n");
            footprints.forEach(f -> s.append("- ").append(f.sentence()).append('\n'));
            analysis.cheapest().forEach(c -> s.append("- least CPU per 1,000 requests at ").append(c).append('\n'));
        }
        if (!threadCosts.isEmpty()) {
            s.append("\nWhat each thread model costs (").append(ThreadModelCost.HOLD_USERS)
                    .append(" waiting users' memory; virtual threads pinned to their carriers):\n");
            threadCosts.forEach(c -> s.append("- ").append(c.sentence()).append('\n'));
        }
        s.append("\nCrossovers (throughput; ").append(tieRule(results)).append("):\n");
        crossovers.forEach(c -> s.append("- ").append(c.sentence()).append('\n'));
        if (crossovers.isEmpty()) {
            s.append("- none: a crossover needs a baseline and a challenger at the same loads\n");
        }
        if (!leanCrossovers.isEmpty()) {
            s.append("\nThe same crossovers from wrk's figures (the lean client leaves the server more of the cores):\n");
            leanCrossovers.forEach(c -> s.append("- ").append(c.sentence()).append('\n'));
        }
        s.append("\nThe experiments' claims on this machine:\n");
        findings.forEach(f -> s.append("- ").append(f.sentence()).append('\n'));
        List<CellResult> checked = results.stream().filter(r -> !Double.isNaN(r.agreement())).toList();
        if (!checked.isEmpty()) {
            long within = checked.stream().filter(r -> Math.abs(r.agreement() - 1) <= 0.10).count();
            s.append(String.format(Locale.ROOT, "%nLean cross-check (wrk, same work, users and seconds): %d of %d cells within 10%% of JMeter; "
                    + "JMeter/wrk from %.2f to %.2f. Below 1, JMeter took cores the server would have used.%n", within, checked.size(),
                    checked.stream().mapToDouble(CellResult::agreement).min().orElse(Double.NaN),
                    checked.stream().mapToDouble(CellResult::agreement).max().orElse(Double.NaN)));
        }
        long failed = results.stream().filter(CellResult::failed).count();
        s.append(String.format("%n%d cells, %d failed%n", results.size(), failed));
        results.stream().filter(CellResult::failed)
                .forEach(r -> s.append("  FAILED ").append(r.variantName()).append(' ').append(r.spec().label()).append(": ").append(r.failure()).append('\n'));
        fixedRate(s, results);
        rankings(s, analysis.rankings());
        matrix(s, analysis.verdicts());
        return s.toString();
    }

    /** The open cells: per server variant and work, each style's p50/p99 timed from when each request was due. */
    private static void fixedRate(StringBuilder s, List<CellResult> results) {
        Map<String, List<CellResult>> works = new LinkedHashMap<>();
        results.stream().filter(r -> r.spec().open())
                .forEach(r -> works.computeIfAbsent(r.variantName() + " " + r.spec().experiment() + " @ " + r.spec().load(), k -> new ArrayList<>()).add(r));
        if (works.isEmpty()) {
            return;
        }
        s.append("\nLatency at a fixed rate (p50 / p99 ms, each request timed from when it was due: no coordinated omission):\n");
        works.forEach((work, cells) -> s.append("- ").append(work).append(": ").append(String.join(", ", cells.stream()
                .map(r -> String.format(Locale.ROOT, "%s %.0f / %.0f%s%s", r.spec().style(), r.stats().p50Ms(), r.stats().p99Ms(),
                        r.clientBound() ? " (client-bound)" : "", r.failed() ? " (FAILED)" : ""))
                .toList())).append('\n'));
    }

    /** The rankings across server variants and thread models, before the matrix at the end. */
    private static void rankings(StringBuilder s, Rankings rankings) {
        if (rankings.isEmpty()) {
            return;
        }
        s.append("\nRankings (server variants fastest first; > a lead, = level, ? undecided: unpaired 95% intervals):\n");
        rankings.rankings().forEach(r -> s.append("- ").append(r.experiment()).append(" @").append(r.users()).append(' ').append(r.style())
                .append(": ").append(r.text()).append('\n'));
        rankings.threadModels().forEach(t -> s.append("- ").append(t.server()).append(' ').append(t.experiment()).append(" @").append(t.users())
                .append(' ').append(t.style()).append(", thread models: ").append(t.gap().text()).append('\n'));
    }

    /** The verdict matrix, last, where the console's reader looks first: per server variant, each experiment and load. */
    private static void matrix(StringBuilder s, List<Verdicts.Verdict> verdicts) {
        if (verdicts.isEmpty()) {
            return;
        }
        s.append("\nThe verdicts (which style serves the most; x: its throughput over the baseline's or the runner-up's, [95% interval]):\n");
        int width = verdicts.stream().mapToInt(v -> (v.experiment() + " @" + v.users()).length()).max().orElse(0);
        String variant = null;
        for (Verdicts.Verdict v : verdicts) {
            if (!v.variant().equals(variant)) {
                variant = v.variant();
                s.append(variant).append('\n');
            }
            s.append(String.format(Locale.ROOT, "  %-" + width + "s  %s%s%n", v.experiment() + " @" + v.users(), v.text(),
                    v.latency().isEmpty() ? "" : " (" + v.latency() + ")"));
        }
    }

    /** One sentence per cell that something bound, in the order run. */
    static List<String> why(List<CellResult> results) {
        return whyByVariant(results).values().stream().flatMap(List::stream).toList();
    }

    /** {@link #why}, per server variant. */
    static Map<String, List<String>> whyByVariant(List<CellResult> results) {
        Map<String, List<String>> why = new LinkedHashMap<>();
        for (CellResult r : results) {
            String sentence = r.spec().calibration() ? null : Reasons.sentence(r);
            if (sentence != null) {
                why.computeIfAbsent(r.variantName(), v -> new ArrayList<>()).add(sentence);
            }
        }
        return why;
    }

    /** How a lead is told from noise: by the trials' intervals where the cells have them, else by the margin. */
    static String tieRule(List<CellResult> results) {
        boolean intervals = results.stream().anyMatch(r -> r.trials() != null && r.trials().known());
        return intervals ? "medians of the trials; a lead counts only where the 95% interval of the ratio over the paired trials (95% over every look at them) excludes 1, otherwise none"
                : "one trial a cell; a lead under " + (int) (Crossover.MARGIN * 100) + "% counts as none, this machine's run-to-run noise";
    }
}
