package dev.trainyard.tool.compare.measure;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.jvm.ThreadSampler;
import dev.trainyard.tool.compare.load.LoadClient;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.probe.CpuSets;
import dev.trainyard.tool.run.MetricsScrape;
import dev.trainyard.tool.run.Tuning;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What the report's "The run" list says of how the run was made: its settings, its machine, its server variants. */
final class RunFacts {

    private RunFacts() {
    }

    /** What the report says of the run before its cells: its mode, machine, cores, clients, target and what it skipped. */
    static void before(Options options, Path runDir, CpuSets cpus, Clients clients, List<String> skipped, List<String> facts) {
        LoadClient client = clients.main();
        facts.add("Run " + runDir.getFileName() + ", mode " + options.mode().key() + ": " + options.warmup() + " s warm-up (cut) + "
                + options.seconds() + " s measured per cell, " + (options.trials().least() == 1 ? "one trial"
                : options.trials().describe() + ", interleaved" + (options.trials().sequential()
                        ? String.format(Locale.ROOT, ", at most %d further cell runs per server variant", options.extraTrials()) : "")
                        + " (figures: medians; a lead counts only where its interval over the paired trials excludes a tie)")
                + "; plans " + options.plans() + (!options.plans().contains("open") ? "." : options.rate() > 0
                        ? "; open plan at " + options.rate() + " req/s, each request timed from when it was due."
                        : "; open plan at " + options.openShare() + "% of each work's least closed peak, each request timed from when it was due."));
        facts.add("Machine: " + cpus.cores() + " cores, " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + "; load client: " + client.name() + (options.jmeter() && options.engines() == null ? " in-process" : "")
                + " on Java " + System.getProperty("java.version") + ".");
        facts.add(cpus.describe());
        if (clients.lean() != null) {
            facts.add("Closed, timed cells" + (options.leanFrom() > 1 ? " of " + options.leanFrom() + " users or more" : "")
                    + " (the store's aside) are measured by " + clients.lean().name() + ": JMeter's thread per user and its time per"
                    + " request would spend the client's core on itself (lean.from; each cell's client is in cells.csv).");
        } else if (options.leanCells()) {
            facts.add("wrk is not installed (apt-get install wrk): JMeter measured the closed, timed cells"
                    + (options.leanFrom() > 1 ? " of " + options.leanFrom() + " users or more" : "") + " too, where its own CPU may"
                    + " bound them (client_bound).");
        }
        for (LoadClient each : clients.all()) {
            if (each.limits() != null) {
                facts.add(each.limits());
            }
        }
        if (options.remote()) {
            facts.add("Target: " + options.url() + " (" + options.urlName() + "), a deployment this harness did not start: its variant,"
                    + " resident memory and CPU come from its /metrics; no start-up time, no views audit (its database is not the"
                    + " harness's), no CPU isolation. Its entries must number at least the entry plan's id range.");
        } else {
            if (options.packaged()) {
                facts.add("Target: containers, one at a time, of the images " + options.containers().images() + "/<server> on the"
                        + " host's network, each pinned like the processes (cpuset) under a memory limit of "
                        + options.containers().memory() + ", against the harness's own database; start-up counts from docker run.");
            }
            facts.add("Store size: " + System.getProperty("trainyard.store.size", "default") + ".");
        }
        facts.add("Compare rows of one run: the machine is shared and noisy.");
        skipped.forEach(s -> facts.add("Not run: " + s + "."));
    }

    /** What the thread samples cost the server: the time its threads stood still for them. */
    static String samplingCost(String variant, List<CellResult> cells, int warmupSeconds) {
        double[] millis = cells.stream().mapToDouble(r -> r.facts().waits().sampleMillis()).filter(m -> !Double.isNaN(m)).sorted().toArray();
        int samples = cells.stream().mapToInt(r -> r.facts().waits().samples()).sum();
        if (millis.length == 0) {
            return variant + ": thread sampling took no sample.";
        }
        double median = millis[(millis.length - 1) / 2];
        String when = warmupSeconds > 0 ? String.format(Locale.ROOT, "in the last %.0f%% of each warm-up (cut from the figures)",
                100 * (1 - ThreadSampler.FROM_WARM_UP)) : "in the measured seconds (no cell was warmed up)";
        return String.format(Locale.ROOT, "%s: threads sampled %s, %d samples;"
                + " a sample took %.0f ms end to end, the server's threads standing still for part of it (median over the cells; %.0f ms at most).",
                variant, when, samples, median, millis[millis.length - 1]);
    }

    /**
     * What the server reports of a sweep's tuning on /metrics: a server that did not take it would
     * be measured under a label that is not true, so that fails the run.
     */
    static String tuningTaken(Tuning tuning, Map<String, Double> metrics) {
        double threads = MetricsScrape.sum(metrics, "trainyard_server_request_threads_max");
        double pool = MetricsScrape.sum(metrics, "trainyard_db_pool_max_connections");
        if (tuning.threads() != null && threads > 0 && threads != tuning.threads()) {
            throw new IllegalStateException("the server did not take " + tuning.label() + ": it reports " + threads + " request threads");
        }
        if (tuning.pool() != null && pool > 0 && pool != tuning.pool()) {
            throw new IllegalStateException("the server did not take " + tuning.label() + ": it reports a pool of " + pool);
        }
        return String.format(Locale.ROOT, "tuned %s; on /metrics the server reports request threads %s, pool %s", tuning.label(),
                threads > 0 ? String.format(Locale.ROOT, "%.0f", threads) : "(not on /metrics)",
                pool > 0 ? String.format(Locale.ROOT, "%.0f", pool) : "(not on /metrics)");
    }
}
