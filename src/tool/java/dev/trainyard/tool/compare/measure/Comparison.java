package dev.trainyard.tool.compare.measure;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Footprint;
import dev.trainyard.tool.compare.analysis.NoiseBudget;
import dev.trainyard.tool.compare.experiments.Experiments;
import dev.trainyard.tool.compare.experiments.Matrix;
import dev.trainyard.tool.compare.gate.RunHeader;
import dev.trainyard.tool.compare.jvm.ServerJvm;
import dev.trainyard.tool.compare.jvm.ThreadModelCost;
import dev.trainyard.tool.compare.jvm.ThreadSampler;
import dev.trainyard.tool.compare.load.JMeterClient;
import dev.trainyard.tool.compare.load.LoadClient;
import dev.trainyard.tool.compare.load.WrkClient;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Measurement;
import dev.trainyard.tool.compare.plan.Option;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.SharedSettings;
import dev.trainyard.tool.compare.probe.Bounds;
import dev.trainyard.tool.compare.probe.CpuSets;
import dev.trainyard.tool.compare.probe.EntryAudit;
import dev.trainyard.tool.compare.probe.ProductsCost;
import dev.trainyard.tool.compare.report.Report;
import dev.trainyard.tool.compare.deploy.Deployment;
import dev.trainyard.tool.run.MetricsScrape;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * One comparison run as it measures: each server variant in turn against the deployment the
 * target gives, its warm-up, its cells trial by trial (A B C A B C) with the load client, the
 * server's /metrics watched, settled and audited after each cell, and what the run found so far
 * for the report. {@link Compare} decides what to run; this runs it.
 */
public final class Comparison {

    private final Options options;
    private final Clients clients;
    private final Path runDir;
    private final Progress progress;
    /** Which cores the load client and the server side run on. */
    private final CpuSets cpus;
    /** One trial of one cell at a time. */
    private final CellRun cellRun;
    private final List<CellResult> results = new ArrayList<>();
    /** Every cell's trials, each as it ran: where their spread comes from ({@link NoiseBudget}). */
    private final List<List<CellResult>> cellTrials = new ArrayList<>();
    private final List<String> facts = new ArrayList<>();
    /** Each variant's JMeter dashboard (dashboards=true with JMeter), or null. */
    private final Dashboards dashboards;
    private final List<ThreadModelCost.Row> threadCosts = new ArrayList<>();
    /** Per server variant: its start-up, memory idle and at its peak, CPU per request, and a container's image and limits. */
    private final List<Footprint> footprints = new ArrayList<>();
    /** Why the products cost failed (the two styles sent different bodies), or null. */
    private String costFailure;
    private final RunClock clock = new RunClock();
    /** Each server variant measured, typed, for summary.json's header. */
    private final List<RunHeader.Variant> variants = new ArrayList<>();
    /** The summary of the run this one is compared with, or null. */
    private final JsonObject baseline;
    /** Whether the database refused a vacuum between rounds: not asked again. */
    private boolean vacuumRefused;
    /** Why the run was told to stop before its end ({@link #stop}), or null while it runs its course. */
    private volatile String stopped;

    /**
     * The run was told to stop ({@link #stop}): thrown where the next cell or server variant would
     * start, so that what was started is closed on the way out and what was measured is reported.
     */
    public static final class Stopped extends RuntimeException {
        Stopped(String why) {
            super(why);
        }
    }
    /** Where the run's time went, as its report says. */
    private String spent;

    /** @param baseline the summary of the run to compare this one with ({@code -Dbaseline}), or null */
    public Comparison(Options options, LoadClient client, Path runDir, Progress progress, WrkClient lean, CpuSets cpus, JsonObject baseline)
            throws IOException {
        this.options = options;
        this.baseline = baseline;
        this.cpus = cpus;
        this.clients = new Clients(options, client, runDir);
        this.cellRun = new CellRun(options, cpus, lean, runDir, clock);
        this.runDir = runDir;
        this.progress = progress;
        this.dashboards = options.dashboards() && client instanceof JMeterClient jmeter
                ? new Dashboards(jmeter, runDir, drawsBehind(options, client, cpus)) : null;
    }

    /** Whether the run draws each variant's JMeter dashboard while the next one starts: where the client has a core of its own. */
    public static boolean drawsBehind(Options options, LoadClient client, CpuSets cpus) {
        return options.dashboards() && client instanceof JMeterClient && cpus.clientApart();
    }

    /** What the report says of the run before its cells: its mode, machine, cores, clients, target and what it skipped. */
    public void facts(List<String> skipped) {
        RunFacts.before(options, runDir, cpus, clients, skipped, facts);
    }

    /** One more line of what the report says of the run. */
    public void fact(String fact) {
        facts.add(fact);
    }

    /** The cores the server side runs on. */
    public CpuSets cpus() {
        return cpus;
    }

    /** Where the run's time has gone so far. */
    public RunClock clock() {
        return clock;
    }

    /** Where the run's time went, as {@link #report()} said it. */
    public String timeSpent() {
        return spent;
    }

    /**
     * The run's outputs from what it measured so far: a run cut short still reports the variants it
     * finished, and a run stopped early the cells it measured (without waiting for a dashboard).
     */
    public Report report() {
        if (stopped == null) {
            awaitDashboards();
        }
        spent = clock.sentence();
        String noise = NoiseBudget.of(cellTrials).sentence();
        System.out.println(noise);
        facts.add(noise);
        facts.add(spent);
        if (stopped != null) {
            facts.add(0, "Partial: " + stopped + "; what was measured before it is reported, the rest was not run.");
        }
        RunHeader header = new RunHeader(runDir.getFileName().toString(), stopped, RunHeader.workingTreeCommit(), options.mode().key(), RunHeader.Machine.here(cpus.cores()), cpus.clientCpus(),
                cpus.serverCpus(), List.copyOf(variants), Option.given(System.getProperties()), clock.seconds());
        return new Report(clients.names(), facts, header, Experiments.analyse(results),
                dashboards == null ? Map.of() : dashboards.links(), threadCosts, footprints, baseline, options.thresholds());
    }

    /**
     * Ends the run early (a signal, from another thread): the cell in progress is told to finish
     * (a client that runs as a process of its own goes its seconds), no further cell or server
     * variant starts, and the report says the run is partial.
     */
    public void stop(String why) {
        stopped = why + " after " + progress.cellsDone() + " cell runs";
        clients.all().forEach(LoadClient::finishEarly);
    }

    /** Why the run stopped early, or null. */
    public String stopped() {
        return stopped;
    }

    private void goOn() {
        if (stopped != null) {
            throw new Stopped(stopped);
        }
    }

    /** Whether a cell, or the products cost, failed. */
    public boolean failed() {
        return results.stream().anyMatch(CellResult::failed) || costFailure != null;
    }

    /**
     * Every cell of each run of one server start (its protocols, one after the other) against the
     * deployment {@code open} gives, opened once and closed after the last; {@code audit} is null
     * where the harness cannot read the deployment's database.
     */
    public void runStart(List<ServerRun> runs, Callable<Deployment> open, EntryAudit audit) throws Exception {
        if (runs.size() == 1) {
            runVariant(runs.get(0), open, audit, runs);
            return;
        }
        Deployment[] started = new Deployment[1];
        try {
            for (int i = 0; i < runs.size(); i++) {
                runVariant(runs.get(i), () -> {
                    if (started[0] == null) {
                        started[0] = open.call();
                    }
                    return Deployment.sharedBy(started[0]);
                }, audit, i == 0 ? runs : List.of());
            }
        } finally {
            if (started[0] != null) {
                long stopping = clock.now();
                started[0].close();
                clock.add(RunClock.Part.STOP, stopping);
            }
        }
    }

    /**
     * Every cell of one server variant. {@code warm}: the runs of its start to warm up before its
     * cells, every protocol the start will serve, so that the first protocol's cells meet a server
     * as warm as the last's; not empty only for the start's first run, on a server that has served
     * nothing before (its start-up and idle footprint, and the thread model's cost, are measured only then).
     */
    private void runVariant(ServerRun run, Callable<Deployment> open, EntryAudit audit, List<ServerRun> warm) throws Exception {
        boolean fresh = !warm.isEmpty();
        String name = run.server();
        String label = run.label();
        goOn();
        progress.serverStarting(name, label, fresh);
        Path dir = Files.createDirectories(runDir.resolve((name + "-" + label).replace(' ', '-').replace("=", "")));
        List<Path> jtls = new ArrayList<>();
        long starting = clock.now();
        long stopping = 0;
        Deployment opened;
        try {
            opened = open.call();
        } catch (IOException e) {
            throw new Deployment.Lost(name + "/" + label + " did not start: " + e.getMessage());
        }
        // The server variant's JVM, attached (waits=true or threadcost=true), or null.
        ServerJvm jvm = null;
        try (Deployment server = opened) {
            double readySeconds = JvmAttach.readySeconds(server);
            MetricsScrape scrape = new MetricsScrape(server.baseUrl());
            String text = scrape.text();
            Bounds bounds = Bounds.of(MetricsScrape.samples(text), run.tuning().threads() != null ? run.tuning().threads()
                    : SharedSettings.value("trainyard.http.threads", 200));
            boolean virtualThreads = MetricsScrape.value(text, "trainyard_jvm_virtual_threads_available") == 1;
            if (!run.tuning().asConfigured()) {
                facts.add(name + "/" + label + ": " + RunFacts.tuningTaken(run.tuning(), MetricsScrape.samples(text)));
            }
            String threads = MetricsScrape.value(text, "trainyard_request_thread_virtual") == 1 ? "virtual" : "platform";
            variants.add(new RunHeader.Variant(name + "/" + label, name, options.remote() ? null : System.getProperty(name + ".version"),
                    MetricsScrape.jvmVersion(text), threads));
            facts.add(String.format(Locale.ROOT, "%s/%s: Java %s, requests on %s threads, request thread bound %s.", name, label,
                    MetricsScrape.jvmVersion(text), threads,
                    Double.isInfinite(bounds.requestThreads()) ? "none (virtual)" : String.format(Locale.ROOT, "%.0f", bounds.requestThreads())));
            LoadClient.Target target = target(server, run);
            // The thread model's cost is a property of the variant as configured: a sweep's restarts skip it.
            boolean costs = options.threadCost() && run.tuning().asConfigured() && fresh;
            jvm = options.waits() || costs ? JvmAttach.attach(name, label, server, facts) : null;
            ThreadSampler sampler = options.waits() && jvm != null ? JvmAttach.sampler(name, label, jvm, facts) : null;
            ThreadModelCost cost = costs && jvm != null ? startCost(jvm, name + "/" + label, dir, virtualThreads) : null;
            List<CellSpec> cells = Matrix.cells(options, run.variant(), virtualThreads);
            clock.add(RunClock.Part.START, starting);
            if (cost != null) {
                long holding = clock.now();
                holdUsers(cost, target, scrape);
                clock.add(RunClock.Part.HOLD, holding);
            }
            // The last variant's dashboard may be drawing on the client's core: the load needs it whole.
            awaitDashboards();
            long warming = clock.now();
            try (AutoCloseable widened = cpus.widen(server.packaging() == null ? server.processes() : List.of())) {
                for (ServerRun each : warm) {
                    LoadClient warmer = clients.forTarget(target(server, each));
                    facts.add(name + "/" + each.label() + ": " + WarmUp.run(options.smoke(), cells, warmer, target(server, each),
                            scrape, dir).sentence() + ".");
                    cellRun.loadedOutsideCells(each, warmer.uncounted().orElse(0));
                }
            }
            clock.add(RunClock.Part.WARM_UP, warming);
            Map<CellSpec, List<CellResult>> trials = new LinkedHashMap<>();
            OfferedRate offered = new OfferedRate(options.openShare(), cells, rate -> {
                System.out.println(rate);
                facts.add(name + "/" + label + ": " + rate + ".");
            });
            TrialSchedule.Trial trial = (planned, n) -> {
                goOn();
                CellSpec cell = offered.of(planned, trials);
                progress.cellStarting(name, label, cell, n);
                long began = clock.now();
                if (cell.cost()) {
                    cost(name, label, server, scrape, dir);
                    clock.add(RunClock.Part.COST, began);
                    progress.costDone(cell);
                    return;
                }
                CellResult result = cellRun.run(run, clients.forCell(target, cell), target, scrape, bounds, cell, audit, sampler, dir);
                clock.cell(began, cell.plannedSeconds(options));
                trials.computeIfAbsent(planned, c -> new ArrayList<>()).add(result);
                if (result.results() != null) {
                    jtls.add(runDir.resolve(result.results()));
                }
                progress.cellDone(result, clock.cellOverheadSeconds());
            };
            Stopped cut = null;
            try {
                progress.unspent(TrialSchedule.run(cells, Matrix.furtherTrials(options, cells), trials, trial, round -> {
                    if (audit != null && !vacuumRefused) {
                        long vacuuming = clock.now();
                        if (!audit.vacuum()) {
                            vacuumRefused = true;
                            facts.add("trentry could not be vacuumed between rounds (the role may not, or the database failed it):"
                                    + " its housekeeping is the database's own, in the measured windows too.");
                        }
                        clock.add(RunClock.Part.VACUUM, vacuuming);
                    }
                }));
            } catch (Stopped stop) {
                // The cells measured so far are reported with the rest.
                cut = stop;
            } catch (Exception e) {
                // Ctrl-C reaches the server and the database too: the cell they left is lost, not the ones before it.
                if (stopped == null) {
                    throw e;
                }
                cut = new Stopped(stopped);
            }
            stopping = clock.now();
            List<CellResult> combined = trials.values().stream().map(t -> t.size() == 1 ? t.get(0) : CellResult.combine(t)).toList();
            results.addAll(combined);
            cellTrials.addAll(trials.values());
            if (fresh) {
                footprints.add(Footprint.of(name + "/" + label, readySeconds, server.readySeconds().isPresent() ? "docker run" : "its JVM started",
                        MetricsScrape.samples(text), combined, server.packaging()));
            }
            if (sampler != null) {
                facts.add(RunFacts.samplingCost(name + "/" + label, trials.values().stream().flatMap(List::stream).toList(),
                        options.warmup()));
            }
            if (cut != null) {
                throw cut;
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
            if (jvm != null) {
                jvm.close();
            }
        }
        clock.add(RunClock.Part.STOP, stopping);
        if (dashboards != null && !jtls.isEmpty()) {
            long drawing = clock.now();
            dashboards.draw(name + "/" + label, jtls, dir);
            clock.add(RunClock.Part.DASHBOARDS, drawing);
        }
    }

    /** Where a run's cells send their requests: the server's HTTPS root for the protocols over TLS. */
    private static LoadClient.Target target(Deployment server, ServerRun run) {
        String loaded = run.tls() ? server.httpsUrl().orElseThrow() : server.baseUrl();
        return new LoadClient.Target(loaded, URI.create(loaded).getPort(), run.variant(), run.protocol());
    }

    /** Waits for a dashboard still being drawn, the wait counted as the dashboards' time. */
    private void awaitDashboards() {
        if (dashboards != null) {
            long waiting = clock.now();
            dashboards.await();
            clock.add(RunClock.Part.DASHBOARDS, waiting);
        }
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

    /** The pinning recording, started before the warm-up; null (and said in the report) when the JVM refuses it. */
    private ThreadModelCost startCost(ServerJvm jvm, String variant, Path dir, boolean virtualThreads) {
        try {
            return ThreadModelCost.start(jvm, dir, virtualThreads);
        } catch (Exception e) {
            threadCosts.add(new ThreadModelCost.Row(variant, null, null, "the JFR recording did not start: " + e));
            return null;
        }
    }

    /** The memory hold on the fresh server, before the warm-up; a failure is the variant's row's, not the run's. */
    private void holdUsers(ThreadModelCost cost, LoadClient.Target target, MetricsScrape scrape) throws Exception {
        System.out.printf(Locale.ROOT, "thread model cost: %d users held on the blocking sleep, not measured as a cell ... ",
                ThreadModelCost.HOLD_USERS);
        System.out.flush();
        cost.measureHold(clients.forTarget(target), target, scrape);
        if (!Settle.await(scrape)) {
            throw new IllegalStateException("the server still had requests in flight " + Measurement.SETTLE_MS / 1000 + " s after the hold");
        }
        System.out.println("done");
    }
}
