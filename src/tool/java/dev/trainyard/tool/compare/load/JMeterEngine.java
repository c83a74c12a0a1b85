package dev.trainyard.tool.compare.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.report.dashboard.ReportGenerator;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;

/**
 * JMeter 5.6 as a library: loads a plan of jmeter/ exactly as the GUI saved it, hands it the
 * cell's -J properties, runs it headless and writes its results as CSV, the same file
 * {@code jmeter -n -t plan.jmx -l results.jtl} would write. One engine run at a time; the JVM
 * (and JMeter's warm code) is shared by every cell, so no cell pays JMeter's start-up.
 */
public final class JMeterEngine {

    /** Beyond its planned duration, a run gets this long to finish its last requests before it is stopped. */
    private static final long GRACE_SECONDS = 60;
    /** How often a drain looks for requests still in flight. */
    private static final long DRAIN_POLL_MS = 20;
    /** Past the schedule's arrivals, for its thread group starting a moment after the test. */
    private static final long ARRIVALS_MARGIN_MS = 250;

    private final Set<String> cellProperties = new HashSet<>();
    /** The run in progress, for {@link #finishEarly()}; null between runs. */
    private volatile StandardJMeterEngine running;

    JMeterEngine(Path home) throws IOException {
        Path bin = home.resolve("bin");
        if (!Files.isRegularFile(bin.resolve("jmeter.properties"))) {
            throw new IOException("no JMeter home at " + home + " (the build unpacks ApacheJMeter_config there)");
        }
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(bin.resolve("jmeter.properties").toString());
        Properties props = JMeterUtils.getJMeterProperties();
        for (String extra : new String[] {"reportgenerator.properties", "user.properties"}) {
            try (InputStream in = Files.newInputStream(bin.resolve(extra))) {
                props.load(in);
            }
        }
        // The columns the dashboard and Jtl read, with the sample's start as its time stamp.
        props.setProperty("jmeter.save.saveservice.output_format", "csv");
        props.setProperty("sampleresult.timestamp.start", "true");
        props.setProperty("summariser.out", "false");
        JMeterUtils.initLocale();
    }

    /**
     * Runs plan with these properties (as -J would set them) until its thread groups end, then
     * returns; a run that outlives plannedSeconds by {@value #GRACE_SECONDS} s is stopped. A plan
     * of one thread group of {@code users} threads has them start together (a {@link StartGate}).
     */
    void run(Path plan, Map<String, String> properties, int users, Path results, long plannedSeconds) throws Exception {
        run(plan, properties, users, results, plannedSeconds, -1);
    }

    /**
     * The same, for a plan whose schedule ends with a drain (the open model's pause after its
     * last arrival, {@code drainFrom} seconds after the test started): the drain ends as soon as
     * no request is in flight, since then it has nothing left to wait for; a request still
     * unanswered holds it to the schedule's end, as before. A negative drainFrom: no drain.
     */
    void run(Path plan, Map<String, String> properties, int users, Path results, long plannedSeconds, long drainFrom) throws Exception {
        cellProperties.forEach(k -> JMeterUtils.getJMeterProperties().remove(k));
        cellProperties.clear();
        properties.forEach(JMeterUtils::setProperty);
        cellProperties.addAll(properties.keySet());
        HashTree tree = planWritingTo(plan, results);
        SearchByClass<AbstractThreadGroup> groups = new SearchByClass<>(AbstractThreadGroup.class);
        tree.traverse(groups);
        if (users > 1 && groups.getSearchResults().size() == 1 && groups.getSearchResults().iterator().next().getClass() == ThreadGroup.class) {
            // Under the plan, as JMeter hands the plan's own elements to each thread group.
            tree.add(tree.getArray()[0], new StartGate(users));
        }
        TestStartMark testStart = new TestStartMark();
        tree.add(tree.getArray()[0], testStart);

        StandardJMeterEngine engine = new StandardJMeterEngine();
        engine.configure(tree);
        Thread runner = new Thread(engine, "jmeter-engine");
        running = engine;
        try {
            long started = System.nanoTime();
            runner.start();
            if (drainFrom >= 0) {
                awaitDrained(groups.getSearchResults(), runner, testStart, drainFrom);
            }
            runner.join(Math.max(1, TimeUnit.SECONDS.toMillis(plannedSeconds + GRACE_SECONDS)
                    - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)));
            if (runner.isAlive()) {
                System.out.println("  the run outlived its duration; stopping it");
                engine.stopTest(true);
                runner.join(TimeUnit.SECONDS.toMillis(30));
            }
        } finally {
            running = null;
        }
    }

    /**
     * Ends a run's drain once its arrivals are over and none of its threads is left: an open
     * model's thread lives for one arrival's request, so none left means every answer is in, and
     * stopping its thread groups then cuts nothing. JMeter's shutdown would leave the schedule's
     * pause to run out; the groups told to stop end it, and the run ends as it would have, its
     * results closed. Polled, since JMeter tells no one.
     */
    private static void awaitDrained(java.util.Collection<AbstractThreadGroup> groups, Thread runner, TestStartMark testStart,
            long drainFrom) throws InterruptedException {
        java.util.OptionalLong started = java.util.OptionalLong.empty();
        while (started.isEmpty() && runner.isAlive()) {
            started = testStart.await(DRAIN_POLL_MS);
        }
        if (started.isEmpty()) {
            return; // the run ended before its test started: nothing to drain
        }
        long arrivalsOver = started.getAsLong() + TimeUnit.SECONDS.toNanos(drainFrom) + TimeUnit.MILLISECONDS.toNanos(ARRIVALS_MARGIN_MS);
        runner.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(arrivalsOver - System.nanoTime())));
        while (runner.isAlive()) {
            if (JMeterContextService.getNumberOfThreads() == 0) {
                groups.forEach(AbstractThreadGroup::tellThreadsToStop);
                return;
            }
            runner.join(DRAIN_POLL_MS);
        }
    }

    /**
     * JMeter's shutdown (not its stop): each thread sends no further request and ends once the one
     * it has in flight is answered and sampled, so the run's results stay whole.
     */
    void finishEarly() {
        StandardJMeterEngine engine = running;
        if (engine != null) {
            engine.askThreadsToStop();
        }
    }

    /**
     * Runs plan on remote engines instead, the properties sent to each (as -G would), and returns
     * once each has ended or plannedSeconds + {@value #GRACE_SECONDS} s have passed.
     */
    RemoteEngines.Outcome runOn(RemoteEngines remote, List<String> engines, Path plan, Map<String, String> properties, Path results,
            long plannedSeconds) throws Exception {
        Properties global = new Properties();
        global.putAll(properties);
        return remote.run(engines, planWritingTo(plan, results), global, plannedSeconds + GRACE_SECONDS);
    }

    /** The plan as the GUI saved it, with a collector writing its samples to results. */
    private static HashTree planWritingTo(Path plan, Path results) throws Exception {
        HashTree tree = SaveService.loadTree(plan.toFile());
        JMeter.convertSubTree(tree, true);
        ResultCollector collector = new ResultCollector();
        collector.setFilename(results.toString());
        tree.add(tree.getArray()[0], collector);
        return tree;
    }

    /** JMeter's own HTML dashboard for a results file, into an empty or absent folder. */
    void dashboard(Path results, Path folder) throws Exception {
        JMeterUtils.setProperty("jmeter.reportgenerator.outputdir", folder.toAbsolutePath().toString());
        new ReportGenerator(results.toAbsolutePath().toString(), null).generate();
    }
}
