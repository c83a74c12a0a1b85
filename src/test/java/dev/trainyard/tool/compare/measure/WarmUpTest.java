package dev.trainyard.tool.compare.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.load.LoadClient;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Measurement;
import dev.trainyard.tool.compare.plan.Protocol;
import dev.trainyard.tool.compare.plan.Row;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.run.MetricsScrape;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warm-up's rounds against a /metrics over real HTTP whose JIT counter the load client advances as scripted. */
public class WarmUpTest {

    @TempDir
    Path dir;
    private HttpServer metrics;
    /** The JIT's seconds the /metrics tells; null: the series is absent. */
    private volatile Double compiled = 0.0;
    private final List<String> loaded = new ArrayList<>();

    @BeforeEach
    void serve() throws Exception {
        metrics = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        metrics.createContext("/metrics", exchange -> {
            Double now = compiled;
            byte[] body = (now == null ? "trainyard_request_threads_busy 1\n"
                    : "trainyard_request_threads_busy 1\n" + WarmUp.JIT_SECONDS + " " + now + "\n").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        metrics.start();
    }

    @AfterEach
    void stop() {
        metrics.stop(0);
    }

    private MetricsScrape scrape() {
        return new MetricsScrape("http://127.0.0.1:" + metrics.getAddress().getPort() + "/");
    }

    /** A load client that records each path it loads and advances the JIT by the next of {@code perRound} at each round's first path. */
    private LoadClient client(String first, double... perRound) {
        return new LoadClient() {
            private int rounds;

            @Override
            public String name() {
                return "scripted";
            }

            @Override
            public CellStats run(CellSpec cell, Target target, int warmup, int seconds, Path results) {
                assertEquals(0, warmup);
                assertEquals(Measurement.WARM_UP_SECONDS, seconds);
                assertTrue(cell.users() <= Measurement.WARM_UP_USERS, "warmed at " + cell.users() + " users");
                loaded.add(cell.path());
                if (cell.path().equals(first) && compiled != null) {
                    compiled += perRound[Math.min(rounds++, perRound.length - 1)];
                }
                return null;
            }

            @Override
            public OptionalLong uncounted() {
                return OptionalLong.of(0);
            }
        };
    }

    private static CellSpec cell(String path, int users) {
        return new CellSpec(Row.of("entry"), "entry.jmx", path, users, 0, Map.of(), Double.NaN, Bound.NONE, false, path);
    }

    private final List<CellSpec> cells = List.of(cell("blocking/entry", 400), cell("async/entry", 50), cell("blocking/entry", 1),
            cell("train/entry", 400));
    /** The load client's JIT, scripted: this test's own JVM compiles whenever it likes. */
    private static final java.util.function.DoubleSupplier QUIET_CLIENT = () -> 0.0;

    private final LoadClient.Target target = new LoadClient.Target("http://127.0.0.1:1/", 1, ThreadModel.PLATFORM, Protocol.HTTP);

    @Test
    void roundsGoOnUntilTheJitIsQuiet() throws Exception {
        // Each round takes milliseconds here: a second of compiling in one is far above the quiet share, none is below it.
        WarmUp.Done done = WarmUp.run(false, cells, client("blocking/entry", 1, 1, 1, 0), target, scrape(), dir, QUIET_CLIENT);
        assertEquals(4, done.rounds());
        assertEquals(3, done.paths());
        assertEquals(List.of("blocking/entry", "async/entry", "train/entry"), loaded.subList(0, 3));
        assertEquals(12, loaded.size(), "every distinct path once a round");
        assertTrue(done.quiet());
        assertEquals(0, done.lastJit());
        assertTrue(done.firstJit() > 1, "a second's compiling in a round of milliseconds: " + done.firstJit());
        assertTrue(done.sentence().contains("4 rounds of its 3 paths, until its JIT compiled for 0%"), done.sentence());
    }

    @Test
    void roundsGoOnWhileTheLoadClientsOwnJitIsBusyThoughTheServersIsQuiet() throws Exception {
        // The client compiles a second in each of its first two rounds (rounds of milliseconds here), then nothing.
        // Its readings, before and after each round in turn.
        double[] clientJit = {0, 1, 1, 2, 2, 2};
        int[] reads = {0};
        WarmUp.Done done = WarmUp.run(false, cells, client("blocking/entry", 0), target, scrape(), dir,
                () -> clientJit[Math.min(reads[0]++, clientJit.length - 1)]);
        assertEquals(3, done.rounds(), done.sentence());
        assertTrue(done.quiet());
        assertTrue(done.clientFirstJit() > 1 && done.clientLastJit() == 0, done.sentence());
        assertTrue(done.sentence().endsWith("until its JIT compiled for 0% of a round's time (0% in the first), the load client's 0% ("
                + String.format(java.util.Locale.ROOT, "%.0f", 100 * done.clientFirstJit()) + "%)"), done.sentence());

        loaded.clear();
        WarmUp.Done unknown = WarmUp.run(false, cells, client("blocking/entry", 1, 0), target, scrape(), dir, () -> Double.NaN);
        assertEquals(2, unknown.rounds(), "a client JVM that does not tell: the server's JIT alone decides, " + unknown.sentence());
        assertFalse(unknown.sentence().contains("client"), unknown.sentence());
    }

    @Test
    void theOpenModelIsWarmedOnceARoundOnItsQuickestWorkAtItsOwnRate() {
        CellSpec openSleep = new CellSpec(Row.of("open sleep"), "open.jmx", "blocking/sleep", 0, 0, Map.of(), 1.0, Bound.NONE, false,
                "blocking/sleep", dev.trainyard.tool.compare.plan.Trials.fixed(1), Row.of("sleep"));
        CellSpec openEntry = new CellSpec(Row.of("open entry"), "open.jmx", "async/entry", 0, 0, Map.of(), Double.NaN, Bound.NONE, true,
                "async/entry", dev.trainyard.tool.compare.plan.Trials.fixed(1), Row.of("entry"));
        List<CellSpec> withOpen = new ArrayList<>(cells);
        withOpen.add(openSleep);
        withOpen.add(openEntry);
        List<CellSpec> round = WarmUp.paths(withOpen);
        assertEquals(4, round.size(), "the three closed paths, then the open model once: " + round);
        assertEquals(List.of("blocking/entry", "async/entry", "train/entry"), round.subList(0, 3).stream().map(CellSpec::path).toList());
        assertTrue(round.subList(0, 3).stream().noneMatch(CellSpec::open), "a closed path stays closed though an open cell loads it too");
        CellSpec open = round.get(3);
        assertTrue(open.open());
        assertEquals("async/entry", open.path(), "the entry, not the sleep that holds each arrival a second");
        assertEquals(Measurement.WARM_UP_OPEN_RATE, open.rate());
        assertEquals(String.valueOf(Measurement.WARM_UP_OPEN_RATE), open.props().get("rate"));
        assertEquals(3, WarmUp.paths(cells).size(), "no open cells, no open warm-up");
    }

    @Test
    void aJvmThatDoesNotTellItsJitGetsOneRound() throws Exception {
        compiled = null;
        WarmUp.Done done = WarmUp.run(false, cells, client("blocking/entry", 1), target, scrape(), dir, QUIET_CLIENT);
        assertEquals(1, done.rounds());
        assertEquals(3, loaded.size());
        assertTrue(done.sentence().endsWith("(its JVM does not say how long its JIT compiles)"), done.sentence());
    }

    @Test
    void aSmokeRunWarmsItsFirstPathOnce() throws Exception {
        WarmUp.Done done = WarmUp.run(true, cells, client("blocking/entry", 1, 1, 1), target, scrape(), dir, QUIET_CLIENT);
        assertEquals(1, done.rounds());
        assertEquals(List.of("blocking/entry"), loaded);
        assertTrue(done.sentence().endsWith("1 round of its 1 path (a smoke run measures nothing)"), done.sentence());
    }

    @Test
    void anotherRoundOnlyWhileTheJitIsBusyAndOneMoreFitsUnderTheCap() {
        assertTrue(WarmUp.again(false, 12, 12, Measurement.WARM_UP_JIT_QUIET + 0.01));
        assertFalse(WarmUp.again(false, 12, 12, Measurement.WARM_UP_JIT_QUIET), "quiet");
        assertFalse(WarmUp.again(false, Measurement.WARM_UP_MOST_SECONDS - 11, 12, 1.0), "the next round would end past the cap");
        assertTrue(WarmUp.again(false, Measurement.WARM_UP_MOST_SECONDS - 12, 12, 1.0), "the next round ends at the cap");
        assertFalse(WarmUp.again(false, 1, 1, Double.NaN), "a JIT that does not tell");
        assertFalse(WarmUp.again(true, 1, 1, 1.0), "smoke");
        assertEquals(0.5, WarmUp.louder(0.1, 0.5));
        assertEquals(0.5, WarmUp.louder(Double.NaN, 0.5));
        assertEquals(0.1, WarmUp.louder(0.1, Double.NaN));
        assertTrue(Double.isNaN(WarmUp.louder(Double.NaN, Double.NaN)));
    }
}
