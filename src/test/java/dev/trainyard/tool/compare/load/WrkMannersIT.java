package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Protocol;
import dev.trainyard.tool.compare.plan.Row;
import dev.trainyard.tool.compare.plan.ThreadModel;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * wrk itself, with the harness's hooks, against a fixture that refuses its first request (503
 * with Retry-After) and fails every fifth with a 500: the refusal is counted as shed and the
 * failures as errors beyond it, the user told to come back waits before asking again and no
 * other does, and what the server served is what wrk counted, give or take the request it had
 * in flight when it stopped, which {@link WrkClient#uncounted()} allows for.
 */
class WrkMannersIT {

    private static final int RETRY_AFTER_SECONDS = 1;

    @TempDir
    Path dir;

    @Test
    void a503IsShedAndWaitedForAnotherFailureIsAnErrorAndTheCountsMatchTheServers() throws Exception {
        List<Long> arrivals = new CopyOnWriteArrayList<>();
        List<Integer> statuses = new CopyOnWriteArrayList<>();
        AtomicInteger count = new AtomicInteger();
        AtomicLong served = new AtomicLong();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        server.createContext("/", exchange -> {
            arrivals.add(System.nanoTime());
            int n = count.incrementAndGet();
            int status = n == 1 ? 503 : n % 5 == 0 ? 500 : 200;
            statuses.add(status);
            byte[] body = (status == 200 ? "{\"id\":1,\"views\":1}" : "{\"status\":" + status + "}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            if (status == 503) {
                exchange.getResponseHeaders().set("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
            }
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
            if (status == 200) {
                served.incrementAndGet();
            }
        });
        server.start();
        WrkClient wrk = new WrkClient(dir);
        CellStats stats;
        try {
            String root = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            CellSpec cell = new CellSpec(Row.of("entry"), "entry.jmx", "blocking/entry", 1, 0, Map.of(), Double.NaN, Bound.NONE, false,
                    "blocking/entry");
            stats = wrk.run(cell, new LoadClient.Target(root, server.getAddress().getPort(), ThreadModel.PLATFORM, Protocol.HTTP), 0, 3,
                    dir.resolve("unused.jtl"));
        } finally {
            server.stop(0);
        }

        assertTrue(arrivals.size() > 10, arrivals.size() + " requests in 3 s");
        long afterRefusal = TimeUnit.NANOSECONDS.toMillis(arrivals.get(1) - arrivals.get(0));
        assertTrue(afterRefusal >= RETRY_AFTER_SECONDS * 1000L, "asked again " + afterRefusal + " ms after a 503 with Retry-After");
        for (int i = 2; i < arrivals.size(); i++) {
            long after = TimeUnit.NANOSECONDS.toMillis(arrivals.get(i) - arrivals.get(i - 1));
            assertTrue(after < RETRY_AFTER_SECONDS * 1000L, "waited " + after + " ms after a " + statuses.get(i - 1));
        }
        assertEquals(1, stats.shed(), "the 503 alone is shed");
        long failures = statuses.stream().filter(s -> s == 500).count();
        long unexpected = stats.errors() - stats.shed();
        assertTrue(unexpected >= failures - 1 && unexpected <= failures, unexpected + " errors beyond shedding, " + failures + " 500s sent");
        long uncounted = wrk.uncounted().orElseThrow();
        assertEquals(1 + unexpected, uncounted, "its connection's last request, and each failure's unknown outcome");
        assertTrue(served.get() >= stats.okTotal() && served.get() - stats.okTotal() <= uncounted,
                "served " + served.get() + " successful answers, wrk counted " + stats.okTotal() + ", allowing " + uncounted);
    }
}
