package dev.trainyard.tool.compare;

import dev.trainyard.tool.compare.gate.Judgement;
import dev.trainyard.tool.compare.gate.ResultsRecord;
import dev.trainyard.tool.compare.gate.Summaries;
import dev.trainyard.tool.compare.load.JMeterClient;
import dev.trainyard.tool.compare.load.LoadClient;
import dev.trainyard.tool.compare.load.WrkClient;
import dev.trainyard.tool.compare.measure.Comparison;
import dev.trainyard.tool.compare.measure.Progress;
import dev.trainyard.tool.compare.measure.RunClock;
import dev.trainyard.tool.compare.plan.Option.ExitStatus;
import dev.trainyard.tool.compare.plan.Option;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.RunPlan;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.probe.CpuSets;
import dev.trainyard.tool.compare.probe.EntryAudit;
import dev.trainyard.tool.compare.report.Report;
import dev.trainyard.tool.compare.deploy.ContainerDeployment;
import dev.trainyard.tool.compare.deploy.Deployment;
import dev.trainyard.tool.compare.deploy.UrlTarget;
import dev.trainyard.tool.run.BuildLayout;
import dev.trainyard.tool.run.SeededDatabase;
import dev.trainyard.tool.run.Server;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * README's first command, and the one harness behind every measurement: starts a seeded
 * PostgreSQL once, then each server variant in turn (server-configs/), puts each cell's load on it
 * with a {@link LoadClient} (JMeter running the plans of jmeter/, or wrk), watches the server's
 * /metrics, lets it settle and audits the database after each cell, and writes
 * target/compare/&lt;run&gt;/report.html, cells.csv, summary.json and JMeter's dashboards, judged against a
 * baseline run and the thresholds asked where there are any. {@link Options} says
 * what it takes; {@code -Pbench} is the same run with the {@link Options#BENCH} preset. Its exit
 * status is one of {@link ExitStatus}; stopped by a signal, it writes the report of what it measured,
 * marked partial, and the status is the signal's.
 */
public final class Compare {

    /** How long a signal waits for the run to close what it started and write its report. */
    private static final int STOP_BOUND_SECONDS = 180;

    private Compare() {
    }

    public static void main(String[] args) throws Exception {
        // JMeter logs every thread's start and end at INFO: keep the console for progress.
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.jmeter", "warn");
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.jorphan", "warn");
        System.setProperty("org.slf4j.simpleLogger.log.io.zonky", "warn");
        // The harness's scrapes keep their connection for the next one; a server's graceful stop
        // waits for every open connection to close, so an idle one must not outlive a second.
        System.setProperty("jdk.httpclient.keepalive.timeout", "1");
        BuildLayout.apply();
        if (Boolean.getBoolean("help")) {
            System.out.print(Options.HELP);
            return;
        }
        Options options;
        RunPlan plan;
        JsonObject baseline;
        try {
            options = Options.fromSystemProperties(Arrays.asList(args).contains("bench") ? Options.BENCH : Map.of());
            baseline = options.baseline() == null ? null : Summaries.read(run(options, options.baseline()));
            plan = options.diff() != null || System.getProperty(Option.RECORD.key()) != null ? null
                    : options.remote() ? RunPlan.remote(options, UrlTarget.variant(options.url())) : RunPlan.of(options);
            if (plan != null) {
                plan.skipped().forEach(s -> System.out.println("not run: " + s));
            }
            if (options.packaged() && plan != null) {
                Optional<String> noEngine = ContainerDeployment.engineMissing();
                if (noEngine.isPresent()) {
                    throw new IllegalArgumentException("target=containers: " + noEngine.get());
                }
                plan.runs().stream().map(ServerRun::server).distinct()
                        .forEach(server -> ContainerDeployment.imageBytes(ContainerDeployment.image(options.containers(), server)));
            }
        } catch (IllegalArgumentException badInput) {
            // Bad input: one line saying what is wrong, no stack trace.
            System.err.println("compare: " + badInput.getMessage());
            System.exit(ExitStatus.BAD_INPUT.code());
            return;
        }
        String record = System.getProperty(Option.RECORD.key());
        if (record != null) {
            // A finished run written out for docs/results/; nothing is measured.
            try {
                System.out.println("wrote " + ResultsRecord.write(Summaries.read(run(options, record)), Path.of("docs/results")));
            } catch (IllegalArgumentException badInput) {
                System.err.println("compare: " + badInput.getMessage());
                System.exit(ExitStatus.BAD_INPUT.code());
            }
            return;
        }
        if (options.diff() != null) {
            // Two finished runs, the later judged against the earlier as its baseline; nothing is measured.
            Judgement judgement;
            try {
                judgement = Judgement.of(Summaries.read(run(options, options.against())), Summaries.read(run(options, options.diff())),
                        options.thresholds());
            } catch (IllegalArgumentException badInput) {
                System.err.println("compare: " + badInput.getMessage());
                System.exit(ExitStatus.BAD_INPUT.code());
                return;
            }
            judgement.lines().forEach(System.out::println);
            System.exit(status(judgement, false).code());
        }
        Path runDir = options.dir().resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Files.createDirectories(runDir);
        LoadClient client = options.jmeter() ? new JMeterClient(options.jmeterHome(), options.plansDir(), options.engines()) : new WrkClient(runDir);
        CpuSets cpus = options.remote() ? CpuSets.unpinned("target=url: the server's processes are not the harness's to pin")
                : CpuSets.plan(options.isolate());
        Progress progress = new Progress(options, plan.runs(), Comparison.drawsBehind(options, client, cpus));
        WrkClient lean = options.crosscheck() && options.jmeter() ? new WrkClient(runDir) : null;
        Comparison run = new Comparison(options, client, runDir, progress, lean, cpus, baseline);
        run.facts(plan.skipped());
        CountDownLatch reported = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stopEarly(run, reported), "trainyard-stop"));
        String lost = null;
        Judgement judgement = Judgement.NONE;
        try {
            if (options.remote()) {
                run.runStart(List.of(plan.runs().get(0)), () -> Deployment.at(options.url()), null);
            } else {
                long starting = run.clock().now();
                try (SeededDatabase database = SeededDatabase.start(false); EntryAudit audit = new EntryAudit(database.settings())) {
                    run.fact(database.embedded() ? "The database: the run's own PostgreSQL, without autovacuum; trentry vacuumed before"
                            + " every round of trials instead, outside the measured windows."
                            : "The database: yours, its autovacuum as configured; trentry vacuumed before every round of trials where the role may.");
                    run.cpus().pinDatabase(database.processes());
                    run.clock().add(RunClock.Part.DATABASE, starting);
                    for (List<ServerRun> start : plan.starts()) {
                        ServerRun each = start.get(0);
                        boolean tls = start.stream().anyMatch(ServerRun::tls);
                        run.runStart(start, options.packaged()
                                ? () -> ContainerDeployment.start(options.containers(), each.server(), each.variant().key(), database.settings(),
                                        run.cpus().serverCpus())
                                : () -> Deployment.of(Server.start(each.server(), each.variant().key(), database.settings(), each.tuning(),
                                        tls, created -> { })), audit);
                    }
                }
            }
        } catch (Deployment.Lost e) {
            lost = e.getMessage();
        } catch (Comparison.Stopped e) {
            // What was started is closed; the report below says what was measured.
        } finally {
            try {
                Report report = run.report();
                judgement = report.judgement();
                report.write(runDir);
                report.print(System.out, runDir);
                System.out.println(run.timeSpent());
                link(options.dir().resolve("latest"), runDir);
            } finally {
                reported.countDown();
            }
        }
        if (run.stopped() != null) {
            // The JVM is shutting down: its hook ends it once the report is written (System.exit would wait for ever).
            return;
        }
        if (lost != null) {
            System.err.println("compare: " + lost + " (the server variants measured before it are in the report)");
            System.exit(ExitStatus.SERVER_LOST.code());
        }
        // The JVM is ended here, as JMeter's own command line ends it: JMeter leaves threads of its
        // own behind (the open model's house-keeping pool keeps an idle thread for a minute), and
        // Maven's exec:java waits for every such thread before it returns.
        System.exit(status(judgement, run.failed() && options.strict()).code());
    }

    /**
     * A signal (Ctrl-C, SIGTERM) in the middle of a run: the run is told to stop, and the JVM's
     * shutdown waits until the measuring thread has closed what it started (the server, the
     * database) and written the report of what it measured, marked partial. Bounded: a server
     * start in progress finishes first, and a GlassFish one is the longest.
     */
    private static void stopEarly(Comparison run, CountDownLatch reported) {
        if (reported.getCount() == 0) {
            return;
        }
        System.out.println("\nStopping: the cell in progress is cut short, the servers and the database stop, and the report of"
                + " the cells measured is written, marked partial.");
        run.stop("stopped by a signal");
        try {
            if (!reported.await(STOP_BOUND_SECONDS, TimeUnit.SECONDS)) {
                System.err.println("compare: the run did not stop within " + STOP_BOUND_SECONDS + " s; what it started may still run");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The first of {@link ExitStatus}'s outcomes that applies (a lost server is told before). */
    private static ExitStatus status(Judgement judgement, boolean cellFailed) {
        return cellFailed ? ExitStatus.CELL_FAILED : judgement.baselineBroken() ? ExitStatus.BASELINE_BROKEN
                : judgement.figureBroken() ? ExitStatus.THRESHOLD_BROKEN : ExitStatus.PASSED;
    }

    /** A run named on the command line: a path (a run's folder or its summary.json), or a folder under dir. */
    private static Path run(Options options, String name) {
        Path given = Path.of(name);
        return Files.exists(given) ? given : options.dir().resolve(name);
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
