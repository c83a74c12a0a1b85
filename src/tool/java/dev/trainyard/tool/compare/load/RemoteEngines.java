package dev.trainyard.tool.compare.load;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.engine.ClientJMeterEngine;
import org.apache.jmeter.engine.DistributedRunner;
import org.apache.jmeter.engine.JMeterEngine;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;

/**
 * JMeter's own distributed mode, driven by the harness: a plan runs on remote engines
 * (jmeter-server, such as the compose profile "distributed" starts), each with its share of the
 * users, and every engine's samples arrive here, merged into one results file. RMI runs over TLS
 * with the keystore the engines share, in target/jmeter-rmi with its rmi.properties (the jmeter-keys
 * service writes both; copy them out of an engine). The path is relative on purpose: an engine
 * hands its keystore's path to this side, which opens the file there under its own working
 * directory, as JMeter's own relative rmi_keystore.jks works.
 */
public final class RemoteEngines {

    private final List<String> hosts;

    /** Which engines a run left out, and why: empty when every engine ran to its end. */
    record Outcome(Map<String, String> missing) {

        String describe() {
            List<String> parts = new ArrayList<>();
            missing.forEach((engine, why) -> parts.add("engine " + engine + " " + why));
            return "partial: " + String.join("; ", parts);
        }
    }

    static final Path KEYS = Path.of("target/jmeter-rmi");

    RemoteEngines(List<String> hosts, String callbackHost) throws IOException {
        this.hosts = List.copyOf(hosts);
        Path file = KEYS.resolve("rmi.properties");
        Properties rmi = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            rmi.load(in);
        } catch (IOException e) {
            throw new IOException("no RMI keystore settings at " + file.toAbsolutePath() + ": copy the engines' target/jmeter-rmi there"
                    + " (docker cp <engine container>:/trainyard/target/jmeter-rmi target/)", e);
        }
        JMeterUtils.getJMeterProperties().putAll(rmi);
        // JMeter's own default, named: its properties fall back to this JVM's, where -Dmode is the harness's.
        JMeterUtils.setProperty("mode", "StrippedBatch");
        JMeterUtils.setProperty(DistributedRunner.CONTINUE_ON_FAIL, "true");
        JMeterUtils.setProperty(DistributedRunner.RETRIES_NUMBER, "1");
        // The address engines send their samples back to.
        System.setProperty("java.rmi.server.hostname", callbackHost);
    }

    List<String> hosts() {
        return hosts;
    }

    /**
     * Runs {@code tree} on these engines with {@code global} (as -G would send them) and returns once
     * each has ended, or at {@code boundSeconds}, naming the engines that did not run or finish.
     */
    Outcome run(List<String> engines, HashTree tree, Properties global, long boundSeconds) throws InterruptedException {
        Ends ends = new Ends();
        tree.add(tree.getArray()[0], ends);
        DistributedRunner runner = new DistributedRunner(global);
        runner.init(engines, tree);
        List<String> started = new ArrayList<>();
        for (JMeterEngine engine : runner.getEngines()) {
            started.add(((ClientJMeterEngine) engine).getHost());
        }
        Map<String, String> missing = new LinkedHashMap<>();
        for (String host : engines) {
            if (!started.contains(host)) {
                missing.put(host, "did not answer: its share of the users never ran");
            }
        }
        if (started.isEmpty()) {
            return new Outcome(missing);
        }
        runner.start();
        if (!ends.await(started.size(), boundSeconds)) {
            runner.stop(started);
            for (String host : started) {
                if (!answers(host)) {
                    missing.put(host, "stopped answering during the run: its last samples are missing");
                }
            }
            if (missing.isEmpty()) {
                missing.put(String.join(",", started), "did not all report their end within " + boundSeconds + " s");
            }
        }
        return new Outcome(missing);
    }

    private static boolean answers(String host) {
        int colon = host.lastIndexOf(':');
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host.substring(0, colon), Integer.parseInt(host.substring(colon + 1))), 2_000);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Told by each engine, over RMI, when its test ends (the host-less calls are a local run's). */
    static final class Ends implements TestStateListener, Remoteable {

        private final Semaphore ended = new Semaphore(0);

        boolean await(int engines, long seconds) throws InterruptedException {
            return ended.tryAcquire(engines, seconds, TimeUnit.SECONDS);
        }

        @Override
        public void testStarted() {
        }

        @Override
        public void testStarted(String host) {
        }

        @Override
        public void testEnded() {
        }

        @Override
        public void testEnded(String host) {
            ended.release();
        }
    }
}
