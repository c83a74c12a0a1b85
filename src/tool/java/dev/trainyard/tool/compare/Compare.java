package dev.trainyard.tool.compare;

import dev.trainyard.tool.bench.Result;
import dev.trainyard.tool.bench.Wrk;
import dev.trainyard.tool.run.Database;
import dev.trainyard.tool.run.MetricsScrape;
import dev.trainyard.tool.run.Server;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * README's first command: the comparison. Starts a seeded PostgreSQL once, then each server
 * variant in turn (server-configs/), runs the plans of jmeter/ against it cell by cell with
 * JMeter, watches the server's /metrics and audits the database after each cell, and writes
 * target/compare/&lt;run&gt;/report.html, cells.csv and JMeter's dashboards. See {@link Options}
 * for what it takes.
 */
public final class Compare {

    private static final long SETTLE_MS = 30_000;
    static final int WARM_UP_SECONDS = 2;
    /** Errors that are not load shedding beyond this share fail a cell. */
    static final double ERROR_BUDGET = 0.01;

    private final Options options;
    private final JMeterEngine jmeter;
    private final Path plans;
    private final Path runDir;
    private final Progress progress;
    private final Wrk wrk;
    private final List<CellResult> results = new ArrayList<>();
    private final List<String> facts = new ArrayList<>();
    private final Map<String, String> dashboards = new LinkedHashMap<>();

    private Compare(Options options, JMeterEngine jmeter, Path plans, Path runDir, Progress progress, Wrk wrk) {
        this.options = options;
        this.wrk = wrk;
        this.jmeter = jmeter;
        this.plans = plans;
        this.runDir = runDir;
        this.progress = progress;
    }

    public static void main(String[] args) throws Exception {
        // JMeter logs every thread's start and end at INFO: keep the console for progress.
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.jmeter", "warn");
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.jorphan", "warn");
        System.setProperty("org.slf4j.simpleLogger.log.io.zonky", "warn");
        Options options = Options.fromSystemProperties();
        Path runDir = options.dir().resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Files.createDirectories(runDir);
        JMeterEngine jmeter = new JMeterEngine(Path.of(System.getProperty("jmeter.home", "target/jmeter")));
        Path plans = Path.of(System.getProperty("trainyard.jmeter.plans", "jmeter"));

        List<String[]> variants = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (String server : options.servers()) {
            for (String variant : options.variants()) {
                if (Server.canRun(server, variant)) {
                    variants.add(new String[] {server, variant});
                } else {
                    skipped.add(server + "/" + variant + (server.equals("glassfish")
                            ? " (GlassFish 7 runs only on JDK 17 here: no virtual threads)"
                            : " (the server's JDK is older than 21: set TRAINYARD_JDK21_HOME)"));
                }
            }
        }
        skipped.forEach(s -> System.out.println("not run: " + s));
        if (variants.isEmpty()) {
            throw new IllegalArgumentException("no server variant of " + options.servers() + " x " + options.variants() + " can run here");
        }
        Progress progress = new Progress(options, variants);
        Wrk wrk = options.crosscheck() ? new Wrk(runDir) : null;
        Compare compare = new Compare(options, jmeter, plans, runDir, progress, wrk);
        compare.facts(skipped);
        boolean failed;
        try (Database database = Database.start()) {
            EntryAudit audit = new EntryAudit(database.settings());
            for (String[] v : variants) {
                compare.runVariant(v[0], v[1], database, audit);
            }
        } finally {
            Report report = new Report(compare.facts, compare.results, compare.dashboards);
            report.write(runDir);
            report.print(System.out, runDir);
            link(options.dir().resolve("latest"), runDir);
            failed = compare.results.stream().anyMatch(CellResult::failed);
        }
        if (failed && Boolean.getBoolean("compare.strict")) {
            System.exit(3);
        }
    }

    private void facts(List<String> skipped) {
        facts.add("Run " + runDir.getFileName() + ", mode " + options.mode() + ": " + options.warmup() + " s warm-up (cut) + "
                + options.seconds() + " s measured per cell; plans " + options.plans() + "; open model at " + options.rate() + " req/s.");
        facts.add("Machine: " + Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + "; load generator: JMeter " + org.apache.jmeter.util.JMeterUtils.getJMeterVersion()
                + " in-process on Java " + System.getProperty("java.version") + ", on the same cores as the server and the database.");
        facts.add("Store size: " + System.getProperty("trainyard.store.size", "default") + ". Compare rows of one run: the machine is shared and noisy.");
        skipped.forEach(s -> facts.add("Not run: " + s + "."));
    }

    private void runVariant(String name, String variant, Database database, EntryAudit audit) throws Exception {
        progress.serverStarting(name, variant);
        Path dir = Files.createDirectories(runDir.resolve(name + "-" + variant));
        List<Path> jtls = new ArrayList<>();
        try (Server server = Server.start(name, variant, database.settings())) {
            MetricsScrape scrape = new MetricsScrape(server.baseUrl());
            Map<String, Double> metrics = MetricsScrape.samples(scrape.text());
            Bounds bounds = Bounds.of(metrics, configuredThreads());
            boolean virtualThreads = MetricsScrape.sum(metrics, "trainyard_jvm_virtual_threads_available") == 1;
            String text = scrape.text();
            facts.add(String.format(Locale.ROOT, "%s/%s: Java %s, requests on %s threads, request thread bound %s.", name, variant,
                    jvmVersion(text), MetricsScrape.value(text, "trainyard_request_thread_virtual") == 1 ? "virtual" : "platform",
                    Double.isInfinite(bounds.requestThreads()) ? "none (virtual)" : String.format(Locale.ROOT, "%.0f", bounds.requestThreads())));
            warmUp(dir);
            for (CellSpec cell : Matrix.cells(options, virtualThreads)) {
                progress.cellStarting(name, variant, cell);
                CellResult result = runCell(name, variant, server, scrape, bounds, cell, audit, dir);
                results.add(result);
                jtls.add(runDir.resolve(result.results()));
                progress.cellDone(result);
            }
        }
        if (options.dashboards() && !jtls.isEmpty()) {
            Path all = dir.resolve("results.jtl");
            concatenate(jtls, all);
            try {
                jmeter.dashboard(all, dir.resolve("dashboard"));
                dashboards.put(name + "/" + variant, runDir.relativize(dir.resolve("dashboard/index.html")).toString());
            } catch (Exception e) {
                System.out.println("  JMeter's dashboard for " + name + "/" + variant + " failed: " + e);
            }
        }
    }

    /**
     * A freshly started server runs its first requests interpreted; whichever cell came first
     * would pay for it. Every style's path is exercised briefly first, and the results dropped.
     */
    private void warmUp(Path dir) throws Exception {
        System.out.print("warming up the server (every style, not measured) ... ");
        System.out.flush();
        for (String style : List.of("blocking", "async", "train")) {
            Map<String, String> props = Map.of("host", "127.0.0.1", "port", String.valueOf(Integer.getInteger("trainyard.http.port", 18080)),
                    "users", "20", "rampup", "0", "duration", String.valueOf(WARM_UP_SECONDS), "style", style);
            Path jtl = dir.resolve("warm-up-" + style + ".jtl");
            jmeter.run(plans.resolve("entry.jmx"), props, jtl, WARM_UP_SECONDS);
            Files.delete(jtl);
        }
        System.out.println("done");
    }

    private CellResult runCell(String name, String variant, Server server, MetricsScrape scrape, Bounds bounds, CellSpec cell,
            EntryAudit audit, Path dir) throws Exception {
        Map<String, String> props = new LinkedHashMap<>(cell.props());
        props.put("host", "127.0.0.1");
        props.put("port", String.valueOf(Integer.getInteger("trainyard.http.port", 18080)));
        props.put("users", String.valueOf(cell.users()));
        props.put("rampup", String.valueOf(Math.min(options.warmup(), cell.users() >= 100 ? 1 : 0)));
        int duration = cell.loopBound() ? CellSpec.LOOP_BOUND_CAP_SECONDS : options.warmup() + options.seconds();
        props.put("duration", String.valueOf(duration));
        props.put("variant", variant);
        Path jtl = dir.resolve(String.format(Locale.ROOT, "%03d-%s-%s-%d.jtl", results.size() + 1,
                cell.experiment().replace(' ', '-'), cell.style().replace(' ', '-'), cell.level()));

        long viewsBefore = cell.writesEntries() ? audit.views() : 0;
        ServerWatch watch = ServerWatch.start(scrape);
        long start = System.currentTimeMillis();
        String failure = null;
        ServerActivity facts;
        try {
            jmeter.run(plans.resolve(cell.plan()), props, jtl, duration);
        } finally {
            facts = watch.stop();
        }
        // Requests JMeter gave up on may still be in the server: let them end before auditing.
        if (!settle(scrape)) {
            failure = "the server still had requests in flight " + SETTLE_MS / 1000 + " s after the load";
        }
        CellStats stats = CellStats.of(Jtl.read(jtl), cell.loopBound() ? start : start + options.warmup() * 1000L,
                start + duration * 1000L);
        EntryAudit.Verdict verdict = null;
        if (cell.writesEntries()) {
            verdict = new EntryAudit.Verdict(audit.views() - viewsBefore, stats.okTotal());
        }
        if (failure != null) {
            // Keep the settle failure: it says more than the figures.
        } else if (stats.samples() == 0) {
            failure = "no answer in the measured window";
        } else if (stats.unexpectedErrorRate() > ERROR_BUDGET) {
            failure = String.format(Locale.ROOT, "%.1f%% errors beyond load shedding", 100 * stats.unexpectedErrorRate());
        } else if (verdict != null && !verdict.holds()) {
            failure = "audit: " + verdict.describe();
        }
        CellResult.Lean lean = null;
        if (wrk != null && cell.users() > 0) {
            // After the audit: wrk's requests write too. wrk cannot cut a warm-up, so it runs the
            // cell's whole length: its start (connections opening, the first waits) weighs less.
            Result r = wrk.run(server.baseUrl() + cell.path(), cell.users(), options.warmup() + options.seconds());
            lean = new CellResult.Lean(r.throughput(), r.p95Ms(), r.errors());
            settle(scrape);
        }
        return new CellResult(name, variant, cell, stats, facts, bounds.littleLimit(cell), verdict, failure, runDir.relativize(jtl), lean);
    }

    private static boolean settle(MetricsScrape scrape) throws Exception {
        long deadline = System.currentTimeMillis() + SETTLE_MS;
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

    private static double configuredThreads() throws IOException {
        Properties shared = new Properties();
        try (InputStream in = Files.newInputStream(Path.of(System.getProperty("trainyard.configs", "server-configs"), "trainyard.properties"))) {
            shared.load(in);
        }
        return Double.parseDouble(shared.getProperty("trainyard.http.threads", "200"));
    }

    private static String jvmVersion(String metricsText) {
        String line = metricsText.lines().filter(l -> l.startsWith("trainyard_jvm_info")).findFirst().orElse("");
        int v = line.indexOf("version=\"");
        return v < 0 ? "?" : line.substring(v + 9, line.indexOf('"', v + 9));
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

    private static void link(Path link, Path target) {
        try {
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, link.getParent().relativize(target));
        } catch (IOException | UnsupportedOperationException e) {
            // A convenience only; the run's folder is printed anyway.
        }
    }
}
