package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.SERVER_PROCESS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.Needs;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An undeploy leaves none of the R2DBC driver's threads behind: its event loops, Reactor's
 * schedulers, Netty's helpers. Seen from outside the WAR, whose /metrics leaves with it: a thread
 * dump of the server's process ({@code jcmd <pid> Thread.print}) while a WAR of this test's own
 * is deployed and has used the driver, and after it is gone.
 */
@ExtendWith(ArquillianExtension.class)
@Needs(SERVER_PROCESS)
class UndeployIT {

    private static final String NAME = "undeployed";
    /** Thread names of the R2DBC pool's event loops, Reactor's schedulers and Netty's global helpers. */
    private static final List<String> DRIVER_THREADS = List.of(
            "trainyard-r2dbc", "reactor-", "parallel-", "boundedElastic-", "single-", "globalEventExecutor", "threadDeathWatcher");

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @ArquillianResource
    private Deployer deployer;

    @Deployment(name = NAME, managed = false, testable = false)
    static WebArchive undeployed() {
        // The build's WAR, deployed and undeployed by this test alone (the suite's classes run one after the other).
        return EndpointTest.trainyard();
    }

    @Test
    void anUndeployLeavesNoDriverThreadBehind() throws Exception {
        // Arquillian's embedded Jetty runs the WAR inside this JVM and, after an earlier class's undeploy, tries to
        // restart that destroyed context at the next deploy ("Destroyed container cannot be restarted"); an undeploy
        // then stops the wrong one, and the threads it leaves are the adapter's, not the WAR's. Tomcat and GlassFish
        // deploy and undeploy in a server process of their own, as users' servers do.
        assumeFalse(server().equals("jetty"), "the embedded Jetty adapter's undeploy does not stop the context it deployed last");
        deployer.deploy(NAME);
        // After the deployment: the managed GlassFish is started with it.
        long pid = serverPid();
        try {
            String root = "http://127.0.0.1:" + System.getProperty(server() + ".http.port") + "/trainyard/";
            // Both R2DBC paths and a Reactor timeout: every kind of thread the driver starts.
            for (String path : List.of("async/r2dbc/store/c4", "blocking/r2dbc/store/s2?productId=1", "async/r2dbc/products?count=3000",
                    "async/r2dbc/entry?id=" + (switch (server()) { case "tomcat" -> 1300; case "jetty" -> 2300; default -> 3300; }))) {
                HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create(root + path)).timeout(Duration.ofSeconds(30)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, response.statusCode(), path + ": " + response.body());
            }
            assertTrue(driverThreads(pid).stream().anyMatch(name -> name.startsWith("trainyard-r2dbc")),
                    "the deployed WAR's event loops show in the server's thread dump: " + driverThreads(pid));
        } finally {
            deployer.undeploy(NAME);
        }
        // Netty's loops end once their graceful shutdown is done, Reactor's workers once interrupted: bounded, not instant.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        List<String> left = driverThreads(pid);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(200);
            left = driverThreads(pid);
        }
        assertEquals(List.of(), left, "driver threads left by the undeploy on " + server());
    }

    private static String server() {
        return System.getProperty("trainyard.server", "unknown");
    }

    /** The server's process, which the suite started. */
    private static long serverPid() throws IOException {
        if (server().equals("glassfish")) {
            // The domain writes its process id while it runs.
            return Long.parseLong(Files.readString(Path.of(System.getProperty("glassfish.home"), "glassfish/domains/domain1/config/pid")).strip());
        }
        String base = System.getProperty("tomcat.base");
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().filter(line -> line.contains("org.apache.catalina.startup.Bootstrap") && line.contains(base)).isPresent())
                .findFirst().orElseThrow(() -> new IllegalStateException("no Tomcat process of this build (" + base + ")"))
                .pid();
    }

    /** The names of the server's threads that the driver started, from a thread dump taken from outside. */
    private static List<String> driverThreads(long pid) throws IOException, InterruptedException {
        return Arrays.stream(threadDump(pid).split("\n"))
                .filter(line -> line.startsWith("\""))
                .map(line -> line.substring(1, line.indexOf('"', 1)))
                .filter(name -> DRIVER_THREADS.stream().anyMatch(name::startsWith))
                .sorted().toList();
    }

    private static String threadDump(long pid) throws IOException, InterruptedException {
        Path java = Path.of(ProcessHandle.of(pid).orElseThrow().info().command().orElseThrow());
        Path jcmd = java.resolveSibling("jcmd");
        Path out = Files.createTempFile("threads", ".txt");
        try {
            Process dump = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print")
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            assertTrue(dump.waitFor(60, TimeUnit.SECONDS), "jcmd " + pid + " Thread.print did not finish");
            String text = Files.readString(out, StandardCharsets.UTF_8);
            assertEquals(0, dump.exitValue(), "jcmd " + pid + " Thread.print: " + text);
            assertFalse(text.isBlank(), "an empty thread dump");
            return text;
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
