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
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * wrk itself, with the harness's hooks, against a fixture that refuses its first request (503
 * with Retry-After) and fails every fifth with a 500: the refusal is counted as shed and the
 * failures as errors beyond it, the user told to come back waits before asking again and no
 * other does, and what the server served is what wrk counted, give or take the request it had
 * in flight when it stopped, which {@link WrkClient#uncounted()} allows for. And the answers it
 * counts as a cell's are those that arrived in the measured window after its warm-up, the same the
 * server wrote in that window, where a count of a run of its own misses the answers its connections
 * had in flight at its start or its end, one per connection.
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
        assertTrue(unexpected > 0 && unexpected <= failures, unexpected + " errors beyond shedding in the window, " + failures + " 500s sent");
        long uncounted = wrk.uncounted().orElseThrow();
        assertTrue(uncounted - 1 >= failures - 1 && uncounted - 1 <= failures,
                uncounted + " uncounted: its connection's last request, and each failure's unknown outcome (" + failures + " 500s sent)");
        assertTrue(served.get() >= stats.okTotal() && served.get() - stats.okTotal() <= uncounted,
                "served " + served.get() + " successful answers, wrk counted " + stats.okTotal() + ", allowing " + uncounted);
    }

    @Test
    void theCellsAnswersAreThoseTheServerWroteInTheMeasuredWindow() throws Exception {
        int connections = 50;
        List<Long> written = new CopyOnWriteArrayList<>();
        Map<Integer, List<Long>> arrivals = new ConcurrentHashMap<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), connections);
        server.setExecutor(Executors.newFixedThreadPool(connections));
        Random random = new Random(11);
        server.createContext("/", exchange -> {
            arrivals.computeIfAbsent(exchange.getRemoteAddress().getPort(), port -> new CopyOnWriteArrayList<>()).add(System.nanoTime());
            try {
                // 400-600 ms, so that the connections' answers do not arrive in waves.
                Thread.sleep(400 + nextDelay(random));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = "{\"id\":1,\"views\":1}".getBytes(StandardCharsets.UTF_8);
            // Taken before the answer is written: wrk cannot read it earlier.
            written.add(System.nanoTime());
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        WrkClient wrk = new WrkClient(dir);
        CellStats stats;
        long[] window;
        try {
            String root = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            CellSpec cell = new CellSpec(Row.of("sleep"), "sleep.jmx", "blocking/sleep", connections, 0, Map.of(), Double.NaN, Bound.NONE,
                    false, "blocking/sleep");
            stats = wrk.run(cell, new LoadClient.Target(root, server.getAddress().getPort(), ThreadModel.PLATFORM, Protocol.HTTP), 1, 2,
                    dir.resolve("unused.jtl"));
            window = wrk.lastWindow();
        } finally {
            server.stop(0);
            ((ExecutorService) server.getExecutor()).shutdownNow();
        }
        long inWindow = written.stream().filter(t -> t >= window[0] && t <= window[1]).count();
        // Only answers written within moments of an edge can fall on its other side at wrk; a count of
        // the measured seconds as a run of their own would miss about one answer per connection.
        assertTrue(Math.abs(stats.samples() - inWindow) <= connections / 5,
                "wrk counted " + stats.samples() + " answers in the window, the server wrote " + inWindow + " in it (of " + written.size() + ")");
        assertEquals(2.0, stats.seconds(), 1e-9);
        assertEquals(stats.samples() / 2.0, stats.throughput(), 1e-9);
        // In a steady state each connection gets an answer every cycle (its requests' mean distance,
        // the answer's time and the way back): the window, after the warm-up, holds no connection's
        // first request, where a count from the start would fall short by about half a cycle of
        // answers, a fifth of them here.
        double cycle = arrivals.values().stream().flatMapToLong(each -> LongStream.range(1, each.size())
                .map(i -> each.get((int) i) - each.get((int) i - 1))).average().orElseThrow() / 1e9;
        double steady = connections / cycle;
        assertTrue(stats.throughput() >= 0.93 * steady && stats.throughput() <= 1.05 * steady,
                stats.throughput() + " answers a second in the window, " + steady + " in a steady state (a cycle of " + cycle + " s)");
        assertTrue(stats.okTotal() > stats.samples(), "the warm-up's answers count for the views audit too");
    }

    private static synchronized int nextDelay(Random random) {
        return random.nextInt(201);
    }
}
