package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.jmeter.threads.JMeterContextService;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A cell of many users has them all at once from its first request, whatever the plan: when the
 * first request reaches the server, JMeter has started every one of the cell's threads, and every
 * user sends. Without the gate the first threads sent while the rest were still being made. The
 * engine runs in this JVM, so the fixture reads JMeter's own count of started threads as the first
 * request arrives: a count the samples carry (live threads, written as each sample ends) also
 * drops as threads end, and on a busy machine a thread had ended before the first answer was
 * written down. Each user sends once (a loop-bound run, its duration a bound never reached), so
 * that a slow start cannot leave a user whose schedule ended before it sent. The server is a
 * fixture; what is under test is how the engine starts a plan.
 */
public class StartTogetherPlansIT extends ClosedLoopPlans {

    private static final int USERS = 300;
    private static final int BOUND_SECONDS = 60;

    @ParameterizedTest
    @MethodSource("plans")
    void everyUserHasStartedBeforeTheFirstRequest(String plan) throws Exception {
        Set<String> clients = ConcurrentHashMap.newKeySet();
        AtomicInteger startedAtFirstRequest = new AtomicInteger(-1);
        ExecutorService handlers = Executors.newFixedThreadPool(16);
        HttpServer server = answering(1024, handlers, exchange -> {
            startedAtFirstRequest.compareAndSet(-1, JMeterContextService.getThreadCounts().startedThreads);
            clients.add(exchange.getRemoteAddress().toString());
        });
        try {
            engine.run(Path.of("jmeter", plan + ".jmx"), Map.of("host", "127.0.0.1", "port", Integer.toString(server.getAddress().getPort()),
                    "users", Integer.toString(USERS), "rampup", "0", "loops", "1", "duration", Integer.toString(BOUND_SECONDS)),
                    USERS, dir.resolve(plan + ".jtl"), BOUND_SECONDS);
        } finally {
            server.stop(0);
            handlers.shutdownNow();
        }
        assertEquals(USERS, startedAtFirstRequest.get(), plan + ": threads started when the first request arrived");
        assertEquals(USERS, clients.size(), plan + ": connections, one per user");
    }
}
