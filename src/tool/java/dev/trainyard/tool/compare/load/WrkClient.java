package dev.trainyard.tool.compare.load;

import dev.trainyard.tool.compare.plan.CellSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * wrk (Debian's package), the lean closed-model client: one URL per cell, a fixed number of
 * connections, a fraction of JMeter's CPU per request, so on a small machine it leaves the server
 * the cores JMeter would take. A Lua hook prints the figures as one line, parsed here.
 *
 * <p>Its hooks (wrk/report.lua) count a 503 apart from every other failing status, and honour
 * a 503's Retry-After, as the plans of jmeter/ do; and they count the answers that arrive inside
 * the measured window, which a cell's warm-up precedes in the same process, as JMeter's window is
 * cut from its run. What it cannot do: run a plan (no random ids of its own, no assertions on
 * bodies), an open model, or a loop-bound cell; or wait for the requests it has in flight when it
 * stops (one per connection at most), so the views audit of its cells allows for those: the
 * database may show up to that many views more than it counted answers. Its latency percentiles
 * are its whole process's, the warm-up's included: wrk keeps no time per answer for the hooks.
 */
public final class WrkClient implements LoadClient {

    private final Path script;
    /** What the last run may have had applied without counting it. */
    private long uncounted;
    private long[] lastWindow = {0, 0};

    public WrkClient(Path workDir) throws IOException {
        Files.createDirectories(workDir);
        this.script = workDir.resolve("report.lua");
        try (InputStream in = WrkClient.class.getResourceAsStream("/wrk/report.lua")) {
            if (in == null) {
                throw new IOException("wrk/report.lua missing from the class path");
            }
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        LoadClient.installed("wrk", "wrk");
    }

    @Override
    public String name() {
        return "wrk";
    }

    /**
     * A request in flight on each connection when its process stopped, and every request that got
     * no answer or a failing one other than a 503 (a 504's outcome is unknown).
     */
    @Override
    public OptionalLong uncounted() {
        return OptionalLong.of(uncounted);
    }

    @Override
    public String limits() {
        return "wrk stops without waiting for the requests it has in flight (one per connection at most), so the views audit"
                + " of its cells allows the database up to that many views more than the answers it counted, and the next cell"
                + " those of them the server had not yet taken when the audit counted.";
    }

    /**
     * The cell's URL at its users for the warm-up and the measured seconds, in one process: the
     * figures are the answers that arrived in the measured window, the successful answers
     * ({@link CellStats#okTotal()}) all of the process's, as the database shows them.
     */
    @Override
    public CellStats run(CellSpec cell, Target target, int warmup, int seconds, Path results) throws Exception {
        if (cell.users() == 0 || cell.loopBound()) {
            throw new IllegalArgumentException("wrk runs closed, time-bound cells only: " + cell.label());
        }
        return run(target.baseUrl() + cell.path(), cell.users(), warmup, seconds, target.keepAlive());
    }

    /**
     * Loads {@code url} with {@code connections} for {@code warmup + seconds}, each connection kept
     * or, with {@code keepAlive} false, closed by the server after every answer ({@code Connection:
     * close}: wrk then opens, and over TLS handshakes, a new one), and counts the answers of the
     * last {@code seconds}; only 127.0.0.1 is ever targeted.
     */
    public CellStats run(String url, int connections, int warmup, int seconds, boolean keepAlive) throws IOException, InterruptedException {
        Counted m = counted(url, connections, warmup, seconds, keepAlive);
        uncounted = connections + m.failures();
        return m.stats();
    }

    private Counted counted(String url, int connections, int warmup, int seconds, boolean keepAlive) throws IOException, InterruptedException {
        if (!url.startsWith("http://127.0.0.1:") && !url.startsWith("https://127.0.0.1:")) {
            throw new IllegalArgumentException("the harness only loads 127.0.0.1: " + url);
        }
        int threads = Math.min(2, connections);
        int duration = warmup + seconds;
        // The window in the JVM's monotonic clock, which the hooks read as CLOCK_MONOTONIC: taken
        // before wrk starts, so that it ends before wrk stops, which is duration after its own start.
        long from = System.nanoTime() / 1000 + warmup * 1_000_000L;
        long to = from + seconds * 1_000_000L;
        lastWindow = new long[] {from * 1000, to * 1000};
        List<String> command = new ArrayList<>(List.of("wrk", "-t" + threads, "-c" + connections, "-d" + duration + "s",
                "--timeout", "10s", "-s", script.toString()));
        if (!keepAlive) {
            command.addAll(List.of("-H", "Connection: close"));
        }
        command.addAll(List.of(url, "--", Long.toString(from), Long.toString(to)));
        // Its output goes to a file, so that the bound below holds even if wrk never closes it.
        Path printed = Files.createTempFile(script.getParent(), "wrk-", ".out");
        try {
            Process wrk = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(printed.toFile()).start();
            if (!wrk.waitFor(duration + 60L, TimeUnit.SECONDS)) {
                wrk.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new LoadClient.Unfinished("wrk did not finish within " + (duration + 60) + " s");
            }
            return parse(Files.readString(printed, StandardCharsets.UTF_8), seconds);
        } finally {
            Files.deleteIfExists(printed);
        }
    }

    /** The last run's measured window, in {@link System#nanoTime()}: from, to. */
    long[] lastWindow() {
        return lastWindow.clone();
    }

    /**
     * What one wrk process counted: the cell's figures, and its failures beyond shedding (failing
     * statuses other than 503, socket errors, timeouts), whose outcome on the server is unknown.
     */
    record Counted(CellStats stats, long failures) {
    }

    /**
     * wrk's figures as a cell's: the answers that arrived in the measured window of {@code seconds},
     * its 503s as shed and the other failing statuses, with the process's socket errors and timeouts
     * (wrk keeps no time for those), as errors beyond it; the successful answers of the whole process.
     */
    static Counted parse(String output, int seconds) throws IOException {
        String line = output.lines().filter(l -> l.startsWith("BENCH ")).findFirst()
                .orElseThrow(() -> new IOException("wrk printed no figures:\n" + output));
        Map<String, Long> v = new HashMap<>();
        for (String pair : line.substring(6).trim().split(" ")) {
            String[] kv = pair.split("=");
            v.put(kv[0], Long.parseLong(kv[1]));
        }
        long requests = v.get("requests");
        long socketErrors = v.get("connect_errors") + v.get("read_errors") + v.get("write_errors") + v.get("timeouts");
        long ok = v.get("window_ok");
        long shed = v.get("window_shed");
        long errors = shed + v.get("window_failed") + socketErrors;
        CellStats stats = new CellStats(ok + errors, errors, shed, seconds, seconds == 0 ? 0 : (double) ok / seconds,
                v.get("p50_us") / 1e3, v.get("p95_us") / 1e3, v.get("p99_us") / 1e3, v.get("max_us") / 1e3, v.get("mean_us") / 1e3,
                Math.max(0, requests - v.get("status_errors")), requests + socketErrors);
        return new Counted(stats, v.get("status_failed") + socketErrors);
    }
}
