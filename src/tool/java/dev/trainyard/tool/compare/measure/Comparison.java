package dev.trainyard.tool.compare.measure;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Footprint;
import dev.trainyard.tool.compare.jvm.ServerJvm;
import dev.trainyard.tool.compare.jvm.ThreadModelCost;
import dev.trainyard.tool.compare.jvm.ThreadSampler;
import dev.trainyard.tool.compare.jvm.WaitSites;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.load.H2loadClient;
import dev.trainyard.tool.compare.load.JMeterClient;
import dev.trainyard.tool.compare.load.LoadClient;
import dev.trainyard.tool.compare.load.WrkClient;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.experiments.Experiments;
import dev.trainyard.tool.compare.experiments.Matrix;
import dev.trainyard.tool.compare.plan.Measurement;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.SharedSettings;
import dev.trainyard.tool.compare.probe.Bounds;
import dev.trainyard.tool.compare.probe.CpuSets;
import dev.trainyard.tool.compare.probe.EntryAudit;
import dev.trainyard.tool.compare.probe.ProductsCost;
import dev.trainyard.tool.compare.probe.ServerActivity;
import dev.trainyard.tool.compare.probe.ServerWatch;
import dev.trainyard.tool.compare.report.Report;
import dev.trainyard.tool.compare.target.Deployment;
import dev.trainyard.tool.run.MetricsScrape;
import dev.trainyard.tool.run.Tuning;
import java.io.BufferedWriter;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * One comparison run as it measures: each server variant in turn against the deployment the
 * target gives, its warm-up, its cells trial by trial (A B C A B C) with the load client, the
 * server's /metrics watched, settled and audited after each cell, and what the run found so far
 * for the report. {@link Compare} decides what to run; this runs it.
 */
public final class Comparison {

    private final Options options;
    private final LoadClient client;
    /** h2load, for the cells spoken over HTTP/2 (protocols=h2), or null. */
    private final LoadClient http2;
    private final Path runDir;
    private final Progress progress;
    /** Which cores the load client and the server side run on. */
    private final CpuSets cpus;
    /** The lean second opinion on every closed cell (crosscheck=true), or null. */
    private final WrkClient lean;
    private final List<CellResult> results = new ArrayList<>();
    private final List<String> facts = new ArrayList<>();
    private final Map<String, String> dashboards = new LinkedHashMap<>();
    private final List<ThreadModelCost.Row> threadCosts = new ArrayList<>();
    /** Per server variant: its start-up, memory idle and at its peak, CPU per request, and a container's image and limits. */
    private final List<Footprint> footprints = new ArrayList<>();
    /** The server variant's JVM, attached (waits=true or threadcost=true), or null. */
    private ServerJvm jvm;
    /** The server variant's thread sampler (waits=true), or null. */
    private ThreadSampler sampler;
    /** Cells run so far, every trial counted: each one's results file gets the next number. */
    private int cellsRun;
    /** Why the products cost failed (the two styles sent different bodies), or null. */
    private String costFailure;

    public Comparison(Options options, LoadClient client, Path runDir, Progress progress, WrkClient lean, CpuSets cpus) throws IOException {
        this.options = options;
        this.cpus = cpus;
        this.client = client;
        this.http2 = options.protocols().contains("h2") ? new H2loadClient(runDir) : null;
        this.lean = lean;
        this.runDir = runDir;
        this.progress = progress;
    }

    /** What the report says of the run before its cells: its mode, machine, cores, clients, target and what it skipped. */
    public void facts(List<String> skipped) {
        facts.add("Run " + runDir.getFileName() + ", mode " + options.mode() + ": " + options.warmup() + " s warm-up (cut) + "
                + options.seconds() + " s measured per cell, " + (options.trials() == 1 ? "one trial"
                : options.trials() + " trials interleaved, " + Matrix.CONTENDED_TRIALS * options.trials()
                        + " at the entry plan's highest load (figures: medians; a lead counts only where its 95% interval over the paired trials excludes a tie)")
                + "; plans " + options.plans() + "; open model at " + options.rate() + " req/s.");
        facts.add("Machine: " + cpus.cores() + " cores, " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + "; load client: " + client.name() + (options.jmeter() && options.engines() == null ? " in-process" : "")
                + " on Java " + System.getProperty("java.version") + ".");
        facts.add(cpus.describe());
        for (LoadClient each : http2 == null ? List.of(client) : List.of(client, http2)) {
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

    /** The cores the server side runs on. */
    public CpuSets cpus() {
        return cpus;
    }

    /** The run's outputs from what it measured so far: a run cut short still reports the variants it finished. */
    public Report report(List<ServerRun> runs) {
        Map<String, ServerRun> byName = new LinkedHashMap<>();
        runs.forEach(r -> byName.put(r.server() + "/" + r.label(), r));
        return new Report(client.name() + (http2 == null ? "" : " (h2 cells: h2load)"), facts, Experiments.analyse(results, byName),
                dashboards, threadCosts, footprints);
    }

    /** Whether a cell, or the products cost, failed. */
    public boolean failed() {
        return results.stream().anyMatch(CellResult::failed) || costFailure != null;
    }

    /**
     * Every cell of one server variant against the deployment {@code open} gives; {@code audit}
     * is null where the harness cannot read the deployment's database.
     */
    public void runVariant(ServerRun run, Callable<Deployment> open, EntryAudit audit) throws Exception {
        String name = run.server();
        String variant = run.variant();
        String label = run.label();
        progress.serverStarting(name, label);
        Path dir = Files.createDirectories(runDir.resolve((name + "-" + label).replace(' ', '-').replace("=", "")));
        List<Path> jtls = new ArrayList<>();
        Deployment opened;
        try {
            opened = open.call();
        } catch (IOException e) {
            throw new Deployment.Lost(name + "/" + label + " did not start: " + e.getMessage());
        }
        try (Deployment server = opened) {
            double readySeconds = readySeconds(server);
            MetricsScrape scrape = new MetricsScrape(server.baseUrl());
            String text = scrape.text();
            Bounds bounds = Bounds.of(MetricsScrape.samples(text), run.tuning().threads() != null ? run.tuning().threads()
                    : SharedSettings.value("trainyard.http.threads", 200));
            boolean virtualThreads = MetricsScrape.value(text, "trainyard_jvm_virtual_threads_available") == 1;
            if (!run.tuning().asConfigured()) {
                facts.add(name + "/" + label + ": " + tuningTaken(run.tuning(), MetricsScrape.samples(text)));
            }
            facts.add(String.format(Locale.ROOT, "%s/%s: Java %s, requests on %s threads, request thread bound %s.", name, label,
                    MetricsScrape.jvmVersion(text), MetricsScrape.value(text, "trainyard_request_thread_virtual") == 1 ? "virtual" : "platform",
                    Double.isInfinite(bounds.requestThreads()) ? "none (virtual)" : String.format(Locale.ROOT, "%.0f", bounds.requestThreads())));
            String loaded = run.tls() ? server.httpsUrl().orElseThrow() : server.baseUrl();
            LoadClient.Target target = new LoadClient.Target(loaded, URI.create(loaded).getPort(), variant, run.protocol());
            // The thread model's cost is a property of the variant as configured: a sweep's restarts skip it.
            boolean costs = options.threadCost() && run.tuning().asConfigured();
            jvm = options.waits() || costs ? attach(name, label, server) : null;
            sampler = options.waits() && jvm != null ? sampler(name, label, jvm) : null;
            ThreadModelCost cost = costs && jvm != null ? startCost(name + "/" + label, dir, virtualThreads) : null;
            List<CellSpec> cells = Matrix.cells(options, variant, virtualThreads);
            if (cost != null) {
                holdUsers(cost, target, scrape);
            }
            warmUp(cells, target, scrape, dir);
            Map<CellSpec, List<CellResult>> trials = new LinkedHashMap<>();
            // Trial by trial through the whole list (A B C A B C), so that drift hits every style alike.
            int last = cells.stream().mapToInt(CellSpec::trials).max().orElse(1);
            for (int trial = 1; trial <= last; trial++) {
                for (CellSpec cell : cells) {
                    if (!cell.runsIn(trial, last)) {
                        continue;
                    }
                    progress.cellStarting(name, label, cell, trial);
                    if (cell.cost()) {
                        cost(name, label, server, scrape, dir);
                        progress.costDone();
                        continue;
                    }
                    CellResult result = runCell(name, label, target, scrape, bounds, cell, audit, dir);
                    trials.computeIfAbsent(cell, c -> new ArrayList<>()).add(result);
                    if (result.results() != null) {
                        jtls.add(runDir.resolve(result.results()));
                    }
                    progress.cellDone(result);
                }
            }
            List<CellResult> combined = trials.values().stream().map(t -> t.size() == 1 ? t.get(0) : CellResult.combine(t)).toList();
            results.addAll(combined);
            footprints.add(Footprint.of(name + "/" + label, readySeconds, server.readySeconds().isPresent() ? "docker run" : "its JVM started",
                    MetricsScrape.samples(text), combined, server.packaging()));
            if (sampler != null) {
                facts.add(samplingCost(name + "/" + label, trials.values().stream().flatMap(List::stream).toList()));
            }
            if (cost != null) {
                ThreadModelCost.Row row = cost.finish(name + "/" + label);
                System.out.println("thread model cost: " + row.sentence());
                threadCosts.add(row);
            }
        } catch (java.net.ConnectException | java.net.http.HttpTimeoutException gone) {
            // Refused, or accepted and never answered (a server out of heap can keep its port open).
            throw new Deployment.Lost(name + "/" + label + " stopped answering at " + opened.baseUrl()
                    + (gone.getMessage() == null ? "" : " (" + gone.getMessage() + ")"));
        } finally {
            sampler = null;
            if (jvm != null) {
                jvm.close();
                jvm = null;
            }
        }
        if (options.dashboards() && client instanceof JMeterClient jmeter && !jtls.isEmpty()) {
            Path all = dir.resolve("results.jtl");
            concatenate(jtls, all);
            try {
                jmeter.dashboard(all, dir.resolve("dashboard"));
                dashboards.put(name + "/" + label, runDir.relativize(dir.resolve("dashboard/index.html")).toString());
            } catch (Exception e) {
                System.out.println("  JMeter's dashboard for " + name + "/" + label + " failed: " + e);
            }
        }
    }

    /** Each distinct path of the cells at up to {@link Measurement#WARM_UP_USERS} users, timed, unmeasured, then settled. */
    private void warmUp(List<CellSpec> cells, LoadClient.Target target, MetricsScrape scrape, Path dir) throws Exception {
        Map<String, CellSpec> paths = new LinkedHashMap<>();
        cells.stream().filter(c -> !c.cost() && !c.calibration()).forEach(c -> paths.putIfAbsent(c.path(), c.warmUp(Measurement.WARM_UP_USERS)));
        System.out.printf(Locale.ROOT, "warming up the server (%d paths, not measured) ... ", paths.size());
        System.out.flush();
        Path jtl = dir.resolve("warm-up.jtl");
        for (CellSpec cell : paths.values()) {
            clientFor(target).run(cell, target, 0, options.smoke() ? 1 : Measurement.WARM_UP_SECONDS, jtl);
            Files.deleteIfExists(jtl);
            settle(scrape);
        }
        System.out.println("done");
    }

    /** The products cost (E1 store's large answers): its table on the console, its downloads in products-cost.csv. */
    private void cost(String name, String variant, Deployment server, MetricsScrape scrape, Path dir) throws Exception {
        System.out.printf(Locale.ROOT, "%n== products cost on %s/%s: count=%d, one download at a time, %d measured per style after %d warm-up pairs%n",
                name, variant, options.costCount(), options.costRounds(), options.costWarmups());
        try {
            String verdict = new ProductsCost(server.baseUrl(), scrape).run(options.costCount(), options.costWarmups(),
                    options.costRounds(), dir.resolve("products-cost.csv"));
            facts.add(name + "/" + variant + " products cost (" + options.costCount() + " products): " + verdict + ".");
        } catch (IOException e) {
            costFailure = name + "/" + variant + ": " + e.getMessage();
            facts.add("FAILED products cost on " + costFailure);
            System.out.println("FAILED: " + e.getMessage());
        }
    }

    private CellResult runCell(String name, String variant, LoadClient.Target target, MetricsScrape scrape, Bounds bounds,
            CellSpec cell, EntryAudit audit, Path dir) throws Exception {
        Path samples = dir.resolve(String.format(Locale.ROOT, "%03d-%s-%s-%d.jtl", ++cellsRun,
                cell.experiment().replace(' ', '-'), cell.style().replace(' ', '-'), cell.level()));
        LoadClient client = clientFor(target);
        boolean audited = audit != null && cell.writesEntries() && client.countsEveryRequest();
        long viewsBefore = audited ? audit.views() : 0;
        ServerWatch watch = ServerWatch.start(scrape);
        String failure = null;
        ServerActivity activity;
        CellStats stats;
        // wrk's CPU is counted once it exits, and a loop-bound cell is measured whole: both are read over the whole cell.
        boolean whole = cell.loopBound() || !options.jmeter();
        CpuSets.ClientWindow window = cpus.clientWindow(whole ? 0 : options.warmup(), whole ? CellSpec.LOOP_BOUND_CAP_SECONDS : options.seconds());
        // Sampled in the warm-up, which is cut: the stop a dump costs the server stays out of the figures.
        ThreadSampler.Session sampling = sampler == null || whole ? null
                : sampler.start(Math.round(1000 * options.warmup() * ThreadSampler.FROM_WARM_UP), 1000L * options.warmup());
        try {
            stats = client.run(cell, target, options.warmup(), options.seconds(), samples);
        } catch (LoadClient.Unfinished e) {
            stats = CellStats.of(List.of(), 0, 0);
            failure = e.getMessage();
        } finally {
            activity = watch.stop().with(sampling == null ? WaitSites.NONE : sampling.stop());
        }
        double clientCpu = window.share();
        // Requests the client gave up on may still be in the server: let them end before auditing.
        if (!settle(scrape) && failure == null) {
            failure = "the server still had requests in flight " + Measurement.SETTLE_MS / 1000 + " s after the load";
        }
        EntryAudit.Verdict verdict = audited ? new EntryAudit.Verdict(audit.views() - viewsBefore, stats.okTotal()) : null;
        if (failure == null && client.partial() != null) {
            // An engine's samples are missing: that explains the figures, and any audit, best.
            failure = client.partial();
        }
        if (failure != null) {
            // Keep the settle failure: it says more than the figures.
        } else if (stats.samples() == 0) {
            failure = "no answer in the measured window";
        } else if (stats.unexpectedErrorRate() > Measurement.ERROR_BUDGET) {
            failure = String.format(Locale.ROOT, "%.1f%% errors beyond load shedding", 100 * stats.unexpectedErrorRate());
        } else if (verdict != null && !verdict.holds()) {
            failure = "audit: " + verdict.describe();
        }
        CellResult.Lean second = null;
        if (lean != null && cell.users() > 0 && !cell.loopBound()) {
            // After the audit: wrk's requests write too. It runs the cell's whole length, warm-up
            // included, since it cannot cut one: its start weighs less over a longer run.
            CellStats w = lean.run(target.baseUrl() + cell.path(), cell.users(), options.warmup() + options.seconds(), target.keepAlive());
            second = new CellResult.Lean(w.throughput(), w.p95Ms(), w.errors());
            settle(scrape);
        }
        return new CellResult(name, variant, cell, stats, activity, bounds.littleLimit(cell), verdict, failure,
                Files.exists(samples) ? runDir.relativize(samples) : null, second, null, clientCpu);
    }

    /** Attaches to the server's JVM; null (and said in the report) when that fails. */
    private ServerJvm attach(String name, String variant, Deployment server) {
        Optional<ProcessHandle> process = jvmOf(server);
        if (process.isEmpty()) {
            facts.add(name + "/" + variant + ": no thread sampling or thread model cost, the server's JVM was not found.");
            return null;
        }
        try {
            return ServerJvm.attach(process.get());
        } catch (Exception e) {
            facts.add(name + "/" + variant + ": no thread sampling or thread model cost, attaching to the server's JVM failed: " + e);
            return null;
        }
    }

    /** Samples the server's threads; null (and said in the report) when that fails. */
    private ThreadSampler sampler(String name, String variant, ServerJvm jvm) {
        try {
            ThreadSampler sampler = new ThreadSampler(jvm);
            if (variant.startsWith("virtual")) {
                facts.add(name + "/" + variant + ": the thread samples see virtual threads only while mounted on a carrier (running or"
                        + " pinned), not parked ones (a pool wait): the JVM's dump that lists those crashed JDK 25.0.3 under load.");
            }
            return sampler;
        } catch (Exception e) {
            facts.add(name + "/" + variant + ": no thread sampling, the server's JVM did not answer: " + e);
            return null;
        }
    }

    /** Seconds from the start of the server's JVM (the last one it started) to now, when it has answered; NaN when unknown. */
    private static double readySeconds(Deployment server) {
        if (server.readySeconds().isPresent()) {
            return server.readySeconds().getAsDouble();
        }
        return jvmOf(server).flatMap(jvm -> jvm.info().startInstant())
                .map(start -> java.time.Duration.between(start, java.time.Instant.now()).toMillis() / 1000.0).orElse(Double.NaN);
    }

    /** The server's JVM: the last java process it started (a launcher that forks the server's JVM comes before it). */
    private static Optional<ProcessHandle> jvmOf(Deployment server) {
        List<ProcessHandle> jvms = server.processes().stream()
                .filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false)).toList();
        return jvms.isEmpty() ? Optional.empty() : Optional.of(jvms.get(jvms.size() - 1));
    }

    /** The pinning recording, started before the warm-up; null (and said in the report) when the JVM refuses it. */
    private ThreadModelCost startCost(String variant, Path dir, boolean virtualThreads) {
        try {
            return ThreadModelCost.start(jvm, dir, virtualThreads);
        } catch (Exception e) {
            threadCosts.add(new ThreadModelCost.Row(variant, null, null, "the JFR recording did not start: " + e));
            return null;
        }
    }

    /** Who speaks the target's protocol: the run's client, or h2load for HTTP/2 (JMeter and wrk speak HTTP/1.1 only). */
    private LoadClient clientFor(LoadClient.Target target) {
        return target.protocol().equals("h2") ? http2 : client;
    }

    /** The memory hold on the fresh server, before the warm-up; a failure is the variant's row's, not the run's. */
    private void holdUsers(ThreadModelCost cost, LoadClient.Target target, MetricsScrape scrape) throws Exception {
        System.out.printf(Locale.ROOT, "thread model cost: %d users held on the blocking sleep, not measured as a cell ... ",
                ThreadModelCost.HOLD_USERS);
        System.out.flush();
        cost.measureHold(clientFor(target), target, scrape);
        if (!settle(scrape)) {
            throw new IllegalStateException("the server still had requests in flight " + Measurement.SETTLE_MS / 1000 + " s after the hold");
        }
        System.out.println("done");
    }

    /** What the thread samples cost the server: the time its threads stood still for them. */
    private static String samplingCost(String variant, List<CellResult> cells) {
        double[] millis = cells.stream().mapToDouble(r -> r.facts().waits().sampleMillis()).filter(m -> !Double.isNaN(m)).sorted().toArray();
        int samples = cells.stream().mapToInt(r -> r.facts().waits().samples()).sum();
        if (millis.length == 0) {
            return variant + ": thread sampling took no sample.";
        }
        double median = millis[(millis.length - 1) / 2];
        return String.format(Locale.ROOT, "%s: threads sampled in the last %.0f%% of each warm-up (cut from the figures), %d samples;"
                + " a sample took %.0f ms end to end, the server's threads standing still for part of it (median over the cells; %.0f ms at most).",
                variant, 100 * (1 - ThreadSampler.FROM_WARM_UP), samples, median, millis[millis.length - 1]);
    }

    private static boolean settle(MetricsScrape scrape) throws Exception {
        long deadline = System.currentTimeMillis() + Measurement.SETTLE_MS;
        while (true) {
            Map<String, Double> m = MetricsScrape.samples(scrape.text());
            double inFlight = MetricsScrape.sum(m, "trainyard_async_open_requests") + MetricsScrape.sum(m, "trainyard_train_queue_depth")
                    + MetricsScrape.sum(m, "trainyard_train_workers_busy")
                    + MetricsScrape.sum(m, "trainyard_request_threads_busy") - 1; // this scrape's own thread
            if (inFlight <= 0) {
                return true;
            }
            if (System.currentTimeMillis() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
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

    /** One results file for the variant's dashboard: the cells' files, one header. */
    private static void concatenate(List<Path> jtls, Path into) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(into, StandardCharsets.UTF_8)) {
            boolean header = true;
            for (Path jtl : jtls) {
                List<String> lines = Files.readAllLines(jtl, StandardCharsets.UTF_8);
                for (int i = header ? 0 : 1; i < lines.size(); i++) {
                    out.write(lines.get(i));
                    out.newLine();
                }
                header = false;
            }
        }
    }
}
