package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every plan of jmeter/, run by JMeter itself, keeps its connection from one request to the next
 * by default and, told {@code keepalive=false} (the comparison's http-close and https-close),
 * opens a new one for every request: what a handshake per request costs is measured only if each
 * request really pays for one. The server is a fixture that counts the client ports it was asked
 * from; what is under test is the plans' logic.
 */
public class KeepAlivePlansIT extends ClosedLoopPlans {

    private static final int LOOPS = 4;

    @ParameterizedTest
    @MethodSource("plans")
    void aUserKeepsItsConnectionUnlessToldToCloseIt(String plan) throws Exception {
        assertEquals(1, connections(plan, Map.of()), plan + ": connections for " + LOOPS + " requests kept alive");
        assertEquals(LOOPS, connections(plan, Map.of("keepalive", "false")), plan + ": connections for " + LOOPS + " requests closed");
    }

    /** How many connections one user opened for {@link #LOOPS} requests. */
    private int connections(String plan, Map<String, String> extra) throws Exception {
        Set<Integer> ports = ConcurrentHashMap.newKeySet();
        AtomicInteger requests = new AtomicInteger();
        HttpServer server = answering(16, null, exchange -> {
            requests.incrementAndGet();
            ports.add(exchange.getRemoteAddress().getPort());
        });
        try {
            Map<String, String> props = new java.util.HashMap<>(Map.of("host", "127.0.0.1", "port",
                    Integer.toString(server.getAddress().getPort()), "users", "1", "loops", Integer.toString(LOOPS), "rampup", "0",
                    "duration", "60"));
            props.putAll(extra);
            engine.run(Path.of("jmeter", plan + ".jmx"), props, 1, dir.resolve(plan + "-" + extra.size() + ".jtl"), 60);
        } finally {
            server.stop(0);
        }
        assertEquals(LOOPS, requests.get(), plan + ": requests");
        return ports.size();
    }
}
