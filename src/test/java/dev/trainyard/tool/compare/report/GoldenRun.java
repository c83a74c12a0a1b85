package dev.trainyard.tool.compare.report;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Footprint;
import dev.trainyard.tool.compare.experiments.Experiments;
import dev.trainyard.tool.compare.experiments.Matrix;
import dev.trainyard.tool.compare.jvm.PinnedEvents;
import dev.trainyard.tool.compare.jvm.ThreadModelCost;
import dev.trainyard.tool.compare.jvm.WaitSite;
import dev.trainyard.tool.compare.jvm.WaitSites;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.load.LatencyOverTime;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.Protocol;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.probe.Conditions;
import dev.trainyard.tool.compare.probe.EntryAudit;
import dev.trainyard.tool.compare.probe.ServerActivity;
import dev.trainyard.tool.compare.probe.ThreadTimeline;
import dev.trainyard.tool.compare.deploy.Packaging;
import dev.trainyard.tool.run.Tuning;
import dev.trainyard.tool.compare.gate.RunHeader;
import dev.trainyard.tool.compare.gate.Threshold;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A made-up run with every kind of result the report reads: server variants at the default
 * run's cells, two of them with both drivers and every plan, three trials each (the contended ones more), a
 * protocol and a tuning beside Tomcat's platform variant, timelines, wait sites, audits, wrk's
 * cross-check, a client-bound cell, a failed one, footprints and thread model costs. Seeded, so
 * the report it makes is the same every time: what a change to the harness must not alter.
 */
public final class GoldenRun {

    final List<String> facts = List.of("Run golden, mode default: a made-up run for the golden test.",
            "Machine: 2 cores, made up.");
    final List<CellResult> results = new ArrayList<>();
    final Map<String, String> dashboards = new LinkedHashMap<>();
    final List<ThreadModelCost.Row> threadCosts = new ArrayList<>();
    final List<Footprint> footprints = new ArrayList<>();
    private final Random random = new Random(20261204);

    GoldenRun() {
        Options every = Options.parse(Map.of("drivers", "jdbc,r2dbc", "queries", "s2,s4,c4",
                "plans", "sleep,offload,entry,store,products,hello,threads,open"));
        Options entry = Options.parse(Map.of("plans", "entry"));
        Options standard = Options.parse(Map.of());
        variant(every, new ServerRun("tomcat", ThreadModel.PLATFORM, Tuning.AS_CONFIGURED, Protocol.HTTP), 1.0);
        variant(entry, new ServerRun("tomcat", ThreadModel.PLATFORM, Tuning.AS_CONFIGURED, Protocol.HTTPS), 0.8);
        variant(entry, new ServerRun("tomcat", ThreadModel.PLATFORM, new Tuning(50, 40), Protocol.HTTP), 1.25);
        variant(standard, new ServerRun("tomcat", ThreadModel.VIRTUAL, Tuning.AS_CONFIGURED, Protocol.HTTP), 1.1);
        variant(every, new ServerRun("jetty", ThreadModel.VIRTUAL, Tuning.AS_CONFIGURED, Protocol.HTTP), 0.95);
        variant(standard, new ServerRun("glassfish", ThreadModel.PLATFORM, Tuning.AS_CONFIGURED, Protocol.HTTP), 0.5);
        dashboards.put("tomcat/platform", "tomcat-platform/dashboard/index.html");
        threadCosts.add(new ThreadModelCost.Row("tomcat/platform", new ThreadModelCost.Held(1000, 200, 40L << 20, 52L << 20,
                300L << 20, 340L << 20, List.of("byte[] +6.2 MiB")), null, null));
        threadCosts.add(new ThreadModelCost.Row("tomcat/virtual", new ThreadModelCost.Held(1000, 1000, 40L << 20, 45L << 20,
                300L << 20, 310L << 20, List.of()), new PinnedEvents(3, 12.5, Map.of("org.postgresql.core.QueryExecutorImpl.execute", 3)),
                null));
        threadCosts.add(new ThreadModelCost.Row("glassfish/platform", null, null, "the JFR recording did not start: refused"));
    }

    private void variant(Options options, ServerRun run, double speed) {
        String label = run.label();
        boolean virtual = run.variant() == ThreadModel.VIRTUAL;
        List<CellSpec> cells = Matrix.cells(options, run.variant(), virtual || !run.server().equals("glassfish"));
        List<CellResult> combined = new ArrayList<>();
        int n = 0;
        for (CellSpec planned : cells) {
            if (planned.cost()) {
                continue;
            }
            // An open cell runs at the share of a peak the run measures: here a made-up one.
            CellSpec cell = planned.open() && planned.rate() == 0 ? planned.at(600) : planned;
            List<CellResult> trials = new ArrayList<>();
            for (int trial = 0; trial < 3 * cell.trials().least(); trial++) {
                trials.add(trial(run, label, cell, speed, n));
            }
            combined.add(CellResult.combine(trials));
            n++;
        }
        results.addAll(combined);
        Packaging packaging = run.server().equals("jetty") && virtual
                ? new Packaging("trainyard/jetty", 412, "0", "1536m", 6.5, 380) : null;
        footprints.add(Footprint.of(run.server() + "/" + label, 3 + speed, packaging == null ? "its JVM started" : "docker run",
                Map.of("process_resident_memory_bytes", 250.0 * 1048576, "trainyard_jvm_heap_used_bytes", 40.0 * 1048576), combined,
                packaging));
    }

    private CellResult trial(ServerRun run, String label, CellSpec cell, double speed, int index) {
        boolean virtual = run.variant() == ThreadModel.VIRTUAL;
        double style = switch (cell.style()) {
            case "async" -> cell.users() >= 400 ? 1.4 : 1.02;
            case "train" -> cell.users() >= 400 ? 1.6 : 0.97;
            case "blocking" -> 1.0;
            default -> 0.8 + (cell.style().hashCode() & 7) / 10.0;
        };
        double load = cell.users() > 0 ? Math.min(cell.users(), 200) * 10 : cell.rate();
        double throughput = load * speed * style * (1 + 0.06 * random.nextGaussian());
        double seconds = 2;
        long samples = Math.max(1, Math.round(throughput * seconds));
        boolean shedding = cell.users() >= 400 && cell.style().equals("blocking");
        long shed = shedding ? samples / 50 : 0;
        long errors = shed + (index % 11 == 0 ? 1 : 0);
        double p50 = 1000.0 * Math.max(1, cell.users()) / Math.max(1, throughput) * (1 + 0.1 * random.nextDouble());
        // Each second's median near the cell's, its 99th three times it, and once in a while a stall.
        double[] p50s = {p50, p50 * 1.1, p50 * 0.9};
        double[] p99s = {p50 * 3, index % 5 == 0 ? p50 * 40 : p50 * 3.2, p50 * 2.8};
        CellStats stats = new CellStats(samples, errors, shed, seconds, (samples - errors) / seconds, p50, p50 * 2, p50 * 3,
                p50 * 5, p50 * 1.1, samples - errors + 100, samples + 100, new LatencyOverTime(p50s, p99s));
        double busy = cell.style().equals("blocking") ? Math.min(cell.users(), 200) : Math.min(cell.users(), 4);
        WaitSites waits = cell.users() >= 50
                ? new WaitSites(Map.of(cell.style().equals("train") ? WaitSite.DATABASE : WaitSite.POOL, busy * 0.7, WaitSite.RUNNING,
                        busy * 0.2), busy, 12, 40, 2, Map.of())
                : WaitSites.NONE;
        ThreadTimeline timeline = ThreadTimeline.empty(virtual ? Double.POSITIVE_INFINITY : 200);
        if (cell.experiment().equals("sleep") || cell.experiment().equals("threads")) {
            for (int second = 0; second < 4; second++) {
                timeline = timeline.plus(second, 40 + Math.min(cell.users(), 200) * (second + 1) / 4.0,
                        virtual ? 0 : Math.min(cell.users(), 200), virtual ? cell.users() : 0);
            }
        }
        ServerActivity activity = new ServerActivity(240, virtual ? 0 : busy, virtual ? busy : 0, cell.users() / 4.0,
                cell.style().equals("train") ? samples / 8.0 : 0, cell.style().equals("train") ? samples / 8.0 : 0,
                cell.style().equals("train") ? samples : 0, shed, 8, cell.users() / 20.0, waits, (300 + cell.users() / 4.0) * 1048576,
                samples * (0.0004 + 0.0001 * style), timeline, Conditions.UNKNOWN);
        EntryAudit.Verdict audit = cell.writesEntries() ? new EntryAudit.Verdict(stats.okTotal() - (index == 3 ? 1 : 0), stats.okTotal())
                : null;
        String failure = audit != null && !audit.holds() ? "audit: " + audit.describe() : null;
        CellResult.Lean lean = cell.experiment().equals("entry") ? new CellResult.Lean(throughput * 1.05, p50 * 1.8, 0) : null;
        double clientCpu = cell.experiment().equals("calibration") || (cell.experiment().equals("entry") && cell.users() >= 400
                && run.server().equals("glassfish")) ? 0.97 : 0.3 + 0.4 * random.nextDouble();
        return new CellResult(run, cell, stats, activity, cell.users() > 0 ? throughput * 1.3 : Double.NaN, audit,
                failure, Path.of(run.server() + "-" + label.replace(' ', '-') + "/" + index + ".jtl"), lean, null, clientCpu);
    }

    /** A header as a run on this made-up machine would write it. */
    static final RunHeader HEADER = new RunHeader("golden", null, "0123456789abcdef0123456789abcdef01234567", "default",
            new RunHeader.Machine(2, "Made-up CPU @ 2.0GHz", 24096, "Linux 6.1", "17.0.13"), "1", "0",
            List.of(new RunHeader.Variant("tomcat/platform", "tomcat", "10.1.59", "25.0.1", "platform"),
                    new RunHeader.Variant("glassfish/platform", "glassfish", "7.0.20", "17.0.13", "platform")),
            Map.of("mode", "default", "servers", "tomcat,glassfish"), 1450.5);

    Report report() {
        return report(null, List.of());
    }

    /** The run's report against {@code baseline} (a summary, or null), with {@code thresholds}. */
    Report report(JsonObject baseline, List<Threshold> thresholds) {
        return report(HEADER, baseline, thresholds);
    }

    Report report(RunHeader header, JsonObject baseline, List<Threshold> thresholds) {
        return new Report("JMeter 5.6.3", facts, header, Experiments.analyse(results), dashboards, threadCosts, footprints, baseline, thresholds);
    }
}
