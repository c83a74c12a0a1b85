package dev.trainyard.tool.compare.measure;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.jvm.ThreadSampler;
import dev.trainyard.tool.compare.jvm.WaitSites;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.load.JMeterClient;
import dev.trainyard.tool.compare.load.LoadClient;
import dev.trainyard.tool.compare.load.WrkClient;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Measurement;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.probe.Bounds;
import dev.trainyard.tool.compare.probe.Conditions;
import dev.trainyard.tool.compare.probe.CpuSets;
import dev.trainyard.tool.compare.probe.EntryAudit;
import dev.trainyard.tool.compare.probe.ServerActivity;
import dev.trainyard.tool.compare.probe.ServerWatch;
import dev.trainyard.tool.run.MetricsScrape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Runs the cells of a comparison, one trial at a time, each into its own numbered results file. */
final class CellRun {

    private final Options options;
    private final CpuSets cpus;
    /** The lean second opinion on every closed cell (crosscheck=true), or null. */
    private final WrkClient lean;
    private final Path runDir;
    private final RunClock clock;
    /** Cells run so far, every trial counted: each one's results file gets the next number. */
    private int cellsRun;
    /**
     * The views the last cell's audit counted once the server had settled, and the server run it
     * was of: the next cell of that same run (the very object; each run is a fresh start, warmed up
     * first) starts from them, since nothing has written since, which saves a count of the whole
     * table per cell. Null when something may have written: a cell not audited, wrk's second
     * opinion, a server that did not settle.
     */
    private Long countedViews;
    private ServerRun countedRun;
    /**
     * Per server run, the views its last load may still add: requests a client left unanswered
     * that the server had not taken when that load's audit counted ({@link EntryAudit.Verdict#stillLanding()}).
     */
    private final Map<ServerRun, Long> landing = new IdentityHashMap<>();

    CellRun(Options options, CpuSets cpus, WrkClient lean, Path runDir, RunClock clock) {
        this.clock = clock;
        this.options = options;
        this.cpus = cpus;
        this.lean = lean;
        this.runDir = runDir;
    }

    /** A load outside the cells (a warm-up) that left {@code unanswered} requests its server may still take. */
    void loadedOutsideCells(ServerRun run, long unanswered) {
        landing.put(run, unanswered);
    }

    /**
     * One trial of one cell: its load, the server watched (and its threads sampled in the warm-up),
     * the client's CPU, the server settled, the views audited, wrk's second opinion; a cell fails
     * with why where it did not settle, answer, stay within the error budget or add the views it
     * acknowledged.
     *
     * @param sampler the variant's thread sampler, or null
     * @param audit null where the harness cannot read the deployment's database
     */
    CellResult run(ServerRun run, LoadClient client, LoadClient.Target target, MetricsScrape scrape, Bounds bounds,
            CellSpec cell, EntryAudit audit, ThreadSampler sampler, Path dir) throws Exception {
        Path samples = dir.resolve(String.format(Locale.ROOT, "%03d-%s-%s-%d.jtl", ++cellsRun,
                cell.experiment().replace(' ', '-'), cell.style().replace(' ', '-'), cell.level()));
        boolean audited = audit != null && cell.writesEntries() && client.uncounted().isPresent();
        long t = clock.now();
        long viewsBefore = !audited ? 0 : countedViews != null && countedRun == run ? countedViews : audit.views();
        countedViews = null;
        EntryAudit.Housekeeping housekept = audit == null ? null : audit.housekeeping();
        double stolen = Conditions.stolenSeconds();
        double collected = Conditions.collectedSeconds();
        double compiled = Conditions.compiledSeconds();
        ServerWatch watch = ServerWatch.start(scrape);
        String failure = null;
        ServerActivity activity;
        CellStats stats;
        // wrk's CPU is counted once it exits, and a loop-bound cell is measured whole: both are read over the whole cell.
        boolean jmeter = client instanceof JMeterClient;
        boolean whole = cell.loopBound() || !jmeter;
        CpuSets.ClientWindow window = cpus.clientWindow(whole ? 0 : options.warmup(), whole ? CellSpec.LOOP_BOUND_CAP_SECONDS : options.seconds());
        // The server's threads are sampled in the cell's warm-up whoever loads it: wrk's is its process's first seconds.
        ThreadSampler.Session sampling = sampler == null || cell.loopBound() ? null : sampler.startFor(options.warmup(), options.seconds());
        clock.add(RunClock.CellPart.PROBES, t, 0);
        t = clock.now();
        long watching = t;
        try {
            stats = client.run(cell, target, options.warmup(), options.seconds(), samples);
        } catch (LoadClient.Unfinished e) {
            stats = CellStats.of(List.of(), 0, 0);
            failure = e.getMessage();
        } finally {
            clock.add(RunClock.CellPart.CLIENT, t, cell.clientSeconds(options));
            watching = clock.now();
            activity = watch.stop().with(sampling == null ? WaitSites.NONE : sampling.stop());
            Conditions beside = activity.beside().withClient(Conditions.stolenSeconds() - stolen, Conditions.collectedSeconds() - collected,
                    Conditions.compiledSeconds() - compiled);
            activity = activity.with(housekept == null ? beside : audit.housekeeping().since(housekept, beside));
        }
        clock.add(RunClock.CellPart.WATCH, watching, 0);
        double clientCpu = window.share();
        // Requests the client gave up on may still be in the server: let them end before auditing.
        t = clock.now();
        if (!Settle.await(scrape) && failure == null) {
            failure = "the server still had requests in flight " + Measurement.SETTLE_MS / 1000 + " s after the load";
        }
        clock.add(RunClock.CellPart.SETTLE, t, 0);
        t = clock.now();
        long viewsAfter = audited ? audit.views() : 0;
        EntryAudit.Verdict verdict = audited ? new EntryAudit.Verdict(viewsAfter - viewsBefore, stats.okTotal(), client.uncounted().orElseThrow(),
                landing.getOrDefault(run, 0L)) : null;
        if (verdict != null) {
            landing.put(run, verdict.stillLanding());
        }
        clock.add(RunClock.CellPart.AUDIT, t, 0);
        if (failure == null && client.partial() != null) {
            // An engine's samples are missing: that explains the figures, and any audit, best.
            failure = client.partial();
        }
        if (audited && failure == null) {
            countedViews = viewsAfter;
            countedRun = run;
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
        if (lean != null && jmeter && cell.users() > 0 && !cell.loopBound()) {
            // After the audit: wrk's requests write too.
            CellStats w = lean.run(target.baseUrl() + cell.path(), cell.users(), options.warmup(), options.seconds(), target.keepAlive());
            second = new CellResult.Lean(w.throughput(), w.p95Ms(), w.errors());
            countedViews = null;
            landing.put(run, lean.uncounted().orElse(0));
            Settle.await(scrape);
        }
        return new CellResult(run, cell, stats, activity, bounds.littleLimit(cell), verdict, failure,
                Files.exists(samples) ? runDir.relativize(samples) : null, second, null, clientCpu, client.key());
    }
}
