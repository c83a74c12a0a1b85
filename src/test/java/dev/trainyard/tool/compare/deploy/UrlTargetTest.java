package dev.trainyard.tool.compare.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.Sweep;
import dev.trainyard.tool.compare.plan.ThreadModel;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** target=url: what it takes, what it refuses, and how it reads the deployment's thread model. */
public class UrlTargetTest {

    @Test
    void aUrlTargetIsNamedByItsAuthorityAndNeedsNothingOfThisMachine() {
        Options options = Options.parse(Map.of("target", "url", "url", "http://127.0.0.1:18180/trainyard"));
        assertTrue(options.remote());
        assertEquals("127.0.0.1:18180", options.urlName());
        assertFalse(options.waits(), "thread sampling attaches to a local JVM");
        assertFalse(options.threadCost(), "the thread model cost attaches to a local JVM");
        assertEquals(Sweep.NONE, options.sweep());
        assertEquals("ops-tomcat", Options.parse(Map.of("target", "url", "url", "http://10.0.0.5:8080/trainyard",
                "url.name", "ops-tomcat")).urlName());
    }

    @Test
    void theProcessTargetIsTheDefaultAndReadsNoUrl() {
        Options options = Options.parse(Map.of());
        assertFalse(options.remote());
        assertNull(options.url());
        IllegalArgumentException stray = assertThrows(IllegalArgumentException.class,
                () -> Options.parse(Map.of("url", "http://127.0.0.1:18180/trainyard")));
        assertTrue(stray.getMessage().contains("target=url"), stray.getMessage());
    }

    @Test
    void badInputIsOneMessageNamingTheOption() {
        for (Map<String, String> bad : List.of(Map.of("target", "url"), Map.of("target", "url", "url", "127.0.0.1:18180/trainyard"),
                Map.of("target", "url", "url", "ftp://host/trainyard"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Options.parse(bad));
            assertTrue(e.getMessage().startsWith("target=url needs url="), e.getMessage());
        }
        for (String needsProcesses : new String[] {"waits", "threadcost", "sweep"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Options.parse(Map.of("target", "url",
                    "url", "http://127.0.0.1:18180/trainyard", needsProcesses, "true")));
            assertTrue(e.getMessage().contains("target=processes"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Options.parse(Map.of("target", "cluster")));
    }

    @Test
    void theThreadModelComesFromTheDeploymentsMetrics() {
        assertEquals(ThreadModel.VIRTUAL, UrlTarget.variantOf("m", "# TYPE trainyard_request_thread_virtual gauge\ntrainyard_request_thread_virtual 1\n"));
        assertEquals(ThreadModel.PLATFORM, UrlTarget.variantOf("m", "trainyard_request_thread_virtual 0\n"));
        IllegalArgumentException notOurs = assertThrows(IllegalArgumentException.class,
                () -> UrlTarget.variantOf("http://127.0.0.1:18180/metrics", "<html>404</html>"));
        assertTrue(notOurs.getMessage().contains("is not Trainyard's"), notOurs.getMessage());
    }

    @Test
    void nothingListeningIsOneMessageNamingTheAddress() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        String url = "http://127.0.0.1:" + closed + "/trainyard";
        IllegalArgumentException down = assertThrows(IllegalArgumentException.class, () -> UrlTarget.variant(url));
        assertTrue(down.getMessage().startsWith("target=url: nothing answered at " + url + "/metrics (connection refused)"),
                down.getMessage());
    }
}
