package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every closed-loop plan of jmeter/, run by JMeter itself, behaves as a well-mannered client: a
 * user told to come back later (503 with Retry-After) waits that long before its next request,
 * and a user answered normally does not wait at all. Without it a shedding server answers each
 * 503 in microseconds and the users ask again at once, so the generator spends its CPU on
 * refusals and the cell measures the client. The server here is a fixture that refuses the first
 * request and answers the rest; what is under test is the plans' logic. The JDK's server writes
 * the header as "Retry-after": header names are case-insensitive, and the plans read them so.
 */
public class RetryAfterPlansIT extends ClosedLoopPlans {

    private static final int RETRY_AFTER_SECONDS = 1;
    private static final int LOOPS = 3;

    @ParameterizedTest
    @MethodSource("plans")
    void aUserWaitsTheRetryAfterOfA503AndOnlyThen(String plan) throws Exception {
        List<Long> arrivals = new CopyOnWriteArrayList<>();
        AtomicInteger count = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        server.createContext("/", exchange -> {
            arrivals.add(System.nanoTime());
            boolean refuse = count.getAndIncrement() == 0;
            byte[] body = (refuse ? "{\"status\":503,\"error\":\"Service Unavailable\",\"message\":\"busy\"}"
                    : "{\"id\":1,\"views\":1,\"status\":\"ok\"}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            if (refuse) {
                exchange.getResponseHeaders().set("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
            }
            exchange.sendResponseHeaders(refuse ? 503 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            engine.run(Path.of("jmeter", plan + ".jmx"), Map.of("host", "127.0.0.1", "port", Integer.toString(server.getAddress().getPort()),
                    "users", "1", "loops", Integer.toString(LOOPS), "rampup", "0", "duration", "60"), 1, dir.resolve(plan + ".jtl"), 60);
        } finally {
            server.stop(0);
        }
        assertTrue(arrivals.size() >= LOOPS, plan + ": " + arrivals.size() + " requests");
        long afterRefusal = TimeUnit.NANOSECONDS.toMillis(arrivals.get(1) - arrivals.get(0));
        assertTrue(afterRefusal >= RETRY_AFTER_SECONDS * 1000L, plan + ": asked again " + afterRefusal + " ms after a 503 with Retry-After: "
                + RETRY_AFTER_SECONDS);
        for (int i = 2; i < arrivals.size(); i++) {
            long afterAnswer = TimeUnit.NANOSECONDS.toMillis(arrivals.get(i) - arrivals.get(i - 1));
            assertTrue(afterAnswer < RETRY_AFTER_SECONDS * 1000L, plan + ": waited " + afterAnswer + " ms after a 200 (request " + (i + 1) + ")");
        }
    }
}
