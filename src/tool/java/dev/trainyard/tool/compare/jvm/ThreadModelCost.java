package dev.trainyard.tool.compare.jvm;

import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.load.LoadClient;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.run.MetricsScrape;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * What a thread model costs a server variant besides its throughput, measured on its JVM:
 * <ul>
 * <li><b>pinning</b>: a JFR recording of jdk.VirtualThreadPinned (every one, no threshold) over
 * all the variant's cells, where the JVM has virtual threads: a virtual thread that blocks while
 * it cannot unmount holds its carrier, one of the few (one per core) that run every virtual
 * thread; {@link PinnedEvents} names the frame;</li>
 * <li><b>memory per waiting user</b>: {@value #HOLD_USERS} users held on the blocking sleep
 * ({@value #HOLD_MS} ms a request, so each user is nearly always inside one), the live heap after
 * a full collection and the process's resident memory read once idle and once while they wait,
 * on the freshly started server: after the cells its caches and pools (buffers, processors, soft
 * references) would weigh more than the users, measured so, the held heap came out below the
 * idle one. Platform threads take at most their bound of the requests into the WAR (the rest
 * wait at the connector); virtual threads take them all.</li>
 * </ul>
 * Neither runs inside a measured cell: the collection stops the server, the recording is light.
 */
public final class ThreadModelCost {

    public static final int HOLD_USERS = 1000;
    static final int HOLD_MS = 1000;
    /**
     * The hold's bound: long enough for a thousand users to be in and be read with time to spare,
     * even when the load client is slow to make them (its first run, a busy core): holds were read
     * up to 11 s in. Once read, the users are let go (their requests in flight answered), so a hold
     * lasts only as long as its users take to come in. A hold read after its bound would be of
     * users leaving, so that fails it.
     */
    static final int HOLD_SECONDS = 15;
    /** A hold as the run's estimate counts it: the users coming in, the reads, their last requests, the settle. */
    public static final int TAKES_SECONDS = 9;
    private static final String RECORDING = "trainyard-pinned";

    private final ServerJvm jvm;
    private final Path dir;
    private final boolean recording;
    private Held held;
    private String failure;

    private ThreadModelCost(ServerJvm jvm, Path dir, boolean recording) {
        this.jvm = jvm;
        this.dir = dir;
        this.recording = recording;
    }

    /** Starts the pinning recording where the JVM has virtual threads; the memory hold works on every JVM. */
    public static ThreadModelCost start(ServerJvm jvm, Path dir, boolean virtualThreads) throws Exception {
        if (virtualThreads) {
            jvm.command("jfrStart", "name=" + RECORDING, "settings=none", "+jdk.VirtualThreadPinned#enabled=true",
                    "+jdk.VirtualThreadPinned#threshold=0ms", "+jdk.VirtualThreadPinned#stackTrace=true");
        }
        return new ThreadModelCost(jvm, dir, virtualThreads);
    }

    /** Holds the users (see {@link #hold(LoadClient, LoadClient.Target, MetricsScrape, int)}) and keeps the figures, or why there are none. */
    public void measureHold(LoadClient client, LoadClient.Target target, MetricsScrape scrape) {
        try {
            held = hold(client, target, scrape, HOLD_USERS, HOLD_SECONDS);
        } catch (Exception e) {
            failure = e.toString();
        }
    }

    /** Stops the recording: the variant's row, with the hold measured before. */
    public Row finish(String variant) {
        if (failure != null) {
            return new Row(variant, null, null, failure);
        }
        try {
            return new Row(variant, held, stop(), held == null ? "no hold was measured" : null);
        } catch (Exception e) {
            return new Row(variant, null, null, "reading the pinning recording failed: " + e);
        }
    }

    /**
     * Memory at rest and with {@code users} held waiting. Throws when the hold got no answer: a
     * figure from a server that did not serve would be no figure.
     */
    private Held hold(LoadClient client, LoadClient.Target target, MetricsScrape scrape, int users, int seconds) throws Exception {
        long heapIdle = jvm.liveHeapBytes();
        long rssIdle = jvm.residentBytes();
        Map<String, Long> classesIdle = ClassHistogram.parse(jvm.command("gcClassHistogram"));
        CellSpec cell = hold(users, HOLD_MS);
        Path jtl = dir.resolve("memory-hold.jtl");
        long start = System.nanoTime();
        CompletableFuture<CellStats> load = CompletableFuture.supplyAsync(() -> {
            try {
                return client.run(cell, target, 0, seconds, jtl);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        double inWar = awaitHeld(scrape, users, load);
        long heapHeld = jvm.liveHeapBytes();
        long rssHeld = jvm.residentBytes();
        List<String> grew = ClassHistogram.growth(classesIdle, ClassHistogram.parse(jvm.command("gcClassHistogram")), 3);
        double readAfter = (System.nanoTime() - start) / 1e9;
        client.finishEarly();
        CellStats stats;
        try {
            stats = load.get(seconds + 120L, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IOException("the memory hold's load failed: " + e.getCause(), e.getCause());
        }
        Files.deleteIfExists(jtl);
        if (stats.okTotal() == 0) {
            throw new IOException("the memory hold got no successful answer");
        }
        if (readAfter > seconds) {
            throw new IOException(String.format(Locale.ROOT, "the memory hold was read %.1f s in, after its %d s: its users were leaving",
                    readAfter, seconds));
        }
        return new Held(users, inWar, heapIdle, heapHeld, rssIdle, rssHeld, grew);
    }

    /**
     * Waits until the server holds as many requests as it will: all the users, or a count that has
     * stopped growing for a second (a thread bound), or, counted from the first request in, two
     * seconds (at a bound the count still creeps up now and then by a thread or two). Returns that
     * count. Throws when the load ends first: a server read before its users came in (a load
     * client slow to start) would be read idle.
     */
    private static double awaitHeld(MetricsScrape scrape, int users, CompletableFuture<?> load) throws Exception {
        long lastRise = System.nanoTime();
        long firstIn = 0;
        double most = 0;
        while (!load.isDone()) {
            double busy = MetricsScrape.sum(MetricsScrape.samples(scrape.text()), "trainyard_request_threads_busy") - 1; // the scrape's own
            long now = System.nanoTime();
            if (busy > most) {
                firstIn = most > 0 ? firstIn : now;
                most = busy;
                lastRise = now;
            }
            boolean steady = most > 0 && (now - lastRise > 1_000_000_000L || now - firstIn > 2_000_000_000L);
            if (most >= 0.95 * users || steady) {
                return most;
            }
            Thread.sleep(100);
        }
        throw new IOException("the memory hold ended before the server held its requests");
    }

    /** The hold's cell: the blocking sleep, each user nearly always inside a request. */
    static CellSpec hold(int users, int ms) {
        Map<String, String> props = new java.util.LinkedHashMap<>();
        props.put("style", "blocking");
        props.put("ms", String.valueOf(ms));
        return new CellSpec("hold", "sleep.jmx", "blocking", users, 0, props, ms / 1000.0, Bound.THREADS, false, "blocking/sleep?ms=" + ms);
    }

    /** Stops the recording and reads its pinned events; null where nothing was recorded (no virtual threads). */
    private PinnedEvents stop() throws Exception {
        if (!recording) {
            return null;
        }
        Path file = dir.resolve("pinned.jfr").toAbsolutePath();
        jvm.command("jfrStop", "name=" + RECORDING, "filename=" + file);
        Path jfr = jvm.jdkTool("jfr").orElseThrow(() -> new IOException("no jfr tool beside the server's java"));
        Process print = new ProcessBuilder(jfr.toString(), "print", "--events", "jdk.VirtualThreadPinned", "--stack-depth", "64",
                file.toString()).redirectErrorStream(true).start();
        String text = new String(print.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!print.waitFor(60, TimeUnit.SECONDS) || print.exitValue() != 0) {
            throw new IOException("jfr print failed: " + text.lines().limit(3).toList());
        }
        return PinnedEvents.parse(text);
    }

    /**
     * @param users held waiting on the blocking sleep
     * @param inWar of them inside the WAR at once (on a request thread), read just before the heap
     * @param grew the classes whose live bytes grew most, as "byte[] +12.3 MiB"
     */
    public record Held(int users, double inWar, long heapIdle, long heapHeld, long rssIdle, long rssHeld, List<String> grew) {

        /**
         * Live heap the held users added, per user held, in KiB: a held user costs the server its
         * connection's buffers wherever it waits, and its request's objects (and, on a virtual
         * thread, its stack) once inside the WAR.
         */
        public double heapPerUserKib() {
            return (double) (heapHeld - heapIdle) / users / 1024;
        }

        /** Resident memory the held users added, per user held, in KiB (heap the JVM grew into included). */
        public double rssPerUserKib() {
            return rssIdle < 0 ? Double.NaN : (double) (rssHeld - rssIdle) / users / 1024;
        }

        String describe() {
            return String.format(Locale.ROOT, "%d users held on blocking/sleep?ms=%d, %.0f of them inside the WAR at once;"
                    + " live heap after a full collection %.1f → %.1f MiB (%+.1f KiB per user held), resident memory %.0f → %.0f MiB"
                    + " (%+.1f KiB per user held); grew most: %s", users, HOLD_MS, inWar, heapIdle / 1048576.0, heapHeld / 1048576.0,
                    heapPerUserKib(), rssIdle / 1048576.0, rssHeld / 1048576.0, rssPerUserKib(),
                    grew.isEmpty() ? "nothing" : String.join(", ", grew));
        }
    }

    /** A server variant's line in the report: its hold and its pinned events, or why they are missing. */
    public record Row(String variant, Held held, PinnedEvents pinned, String failure) {

        public String sentence() {
            if (failure != null) {
                return variant + ": not measured (" + failure + ")";
            }
            return variant + ": " + held.describe() + "; " + (pinned == null ? "no pinning recording (no virtual threads in this JVM)"
                    : pinned.describe()) + ".";
        }
    }
}
