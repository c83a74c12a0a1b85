package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A cell of many users has them all at once from its first request, whatever the plan: JMeter's
 * count of started threads, written with every sample, is the cell's users on the very first
 * sample (threads are counted as they start, before the gate holds them) and every user sent.
 * Without the gate the first threads sent while the rest were still being made. The server is a
 * fixture; what is under test is how the engine starts a plan.
 */
public class StartTogetherPlansIT extends ClosedLoopPlans {

    private static final int USERS = 300;

    @ParameterizedTest
    @MethodSource("plans")
    void everyUserHasStartedBeforeTheFirstRequest(String plan) throws Exception {
        Set<String> clients = ConcurrentHashMap.newKeySet();
        ExecutorService handlers = Executors.newFixedThreadPool(16);
        HttpServer server = answering(1024, handlers, exchange -> clients.add(exchange.getRemoteAddress().toString()));
        Path results = dir.resolve(plan + ".jtl");
        try {
            engine.run(Path.of("jmeter", plan + ".jmx"), Map.of("host", "127.0.0.1", "port", Integer.toString(server.getAddress().getPort()),
                    "users", Integer.toString(USERS), "rampup", "0", "duration", "1"), USERS, results, 1);
        } finally {
            server.stop(0);
            handlers.shutdownNow();
        }
        assertEquals(USERS, threadsAtFirstRequest(results), plan + ": threads started at the first request");
        assertTrue(clients.size() >= USERS, plan + ": " + clients.size() + " connections from " + USERS + " users");
    }

    /** JMeter's grpThreads on the sample that started first. */
    private static int threadsAtFirstRequest(Path results) throws Exception {
        try (Reader in = Files.newBufferedReader(results, StandardCharsets.UTF_8)) {
            Jtl.CsvRecords records = new Jtl.CsvRecords(in);
            List<String> header = records.next();
            int start = header.indexOf("timeStamp");
            int threads = header.indexOf("grpThreads");
            long first = Long.MAX_VALUE;
            int atFirst = -1;
            for (List<String> row = records.next(); row != null; row = records.next()) {
                if (Long.parseLong(row.get(start)) < first) {
                    first = Long.parseLong(row.get(start));
                    atFirst = Integer.parseInt(row.get(threads));
                }
            }
            return atFirst;
        }
    }
}
