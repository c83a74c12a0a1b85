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
 * a 503's Retry-After, as the plans of jmeter/ do. What it cannot do: run a plan (no random ids of
 * its own, no assertions on bodies), an open model, or a loop-bound cell; or wait for the requests
 * it has in flight when it stops (one per connection at most), so the views audit of its cells
 * allows for those: the database may show up to that many views more than it counted answers.
 */
public final class WrkClient implements LoadClient {

    private final Path script;
    /** What the last {@link #run(CellSpec, Target, int, int, Path)} may have had applied without counting it. */
    private long uncounted;
    /** Of those, what its last process left. */
    private long leftInFlight;

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
     * Per process it ran: a request in flight on each connection when it stopped, and every request
     * that got no answer or a failing one other than a 503 (a 504's outcome is unknown).
     */
    @Override
    public OptionalLong uncounted() {
        return OptionalLong.of(uncounted);
    }

    @Override
    public long leftInFlight() {
        return leftInFlight;
    }

    @Override
    public String limits() {
        return "wrk stops without waiting for the requests it has in flight (one per connection at most), so the views audit"
                + " of its cells allows the database up to that many views more than the answers it counted, and the next cell"
                + " those of them the server had not yet taken when the audit counted.";
    }

    /**
     * The cell's URL at its users for the warm-up, then for the measured seconds: the figures are
     * the measured run's, the successful answers ({@link CellStats#okTotal()}) both runs', as the
     * database shows them.
     */
    @Override
    public CellStats run(CellSpec cell, Target target, int warmup, int seconds, Path results) throws Exception {
        return run(cell, target, warmup, seconds, results, AtRest.UNKNOWN);
    }

    /**
     * The same; a wrk process cannot leave its first seconds out, so the warm-up is a process of its
     * own, and the server takes what it left in flight ({@code between}) before the measured one starts.
     */
    @Override
    public CellStats run(CellSpec cell, Target target, int warmup, int seconds, Path results, AtRest between) throws Exception {
        if (cell.users() == 0 || cell.loopBound()) {
            throw new IllegalArgumentException("wrk runs closed, time-bound cells only: " + cell.label());
        }
        String url = target.baseUrl() + cell.path();
        uncounted = 0;
        long okBefore = 0;
        long sentBefore = 0;
        boolean rested = true;
        if (warmup > 0) {
            CellStats w = run(url, cell.users(), warmup, target.keepAlive());
            uncounted += cell.users() + w.errors() - w.shed();
            okBefore = w.okTotal();
            sentBefore = w.total();
            rested = between.await();
        }
        CellStats m = run(url, cell.users(), seconds, target.keepAlive());
        long measuredLeft = cell.users() + m.errors() - m.shed();
        uncounted += measuredLeft;
        // Where the server did not come to rest between the two, the warm-up's may still be in it too.
        leftInFlight = rested ? measuredLeft : uncounted;
        return new CellStats(m.samples(), m.errors(), m.shed(), m.seconds(), m.throughput(), m.p50Ms(), m.p95Ms(), m.p99Ms(), m.maxMs(),
                m.meanMs(), okBefore + m.okTotal(), sentBefore + m.total());
    }

    /**
     * Loads {@code url} with {@code connections} for {@code seconds}, each connection kept or, with
     * {@code keepAlive} false, closed by the server after every answer ({@code Connection: close}:
     * wrk then opens, and over TLS handshakes, a new one); only 127.0.0.1 is ever targeted.
     */
    public CellStats run(String url, int connections, int seconds, boolean keepAlive) throws IOException, InterruptedException {
        if (!url.startsWith("http://127.0.0.1:") && !url.startsWith("https://127.0.0.1:")) {
            throw new IllegalArgumentException("the harness only loads 127.0.0.1: " + url);
        }
        int threads = Math.min(2, connections);
        List<String> command = new ArrayList<>(List.of("wrk", "-t" + threads, "-c" + connections, "-d" + seconds + "s",
                "--timeout", "10s", "-s", script.toString()));
        if (!keepAlive) {
            command.addAll(List.of("-H", "Connection: close"));
        }
        command.add(url);
        // Its output goes to a file, so that the bound below holds even if wrk never closes it.
        Path printed = Files.createTempFile(script.getParent(), "wrk-", ".out");
        try {
            Process wrk = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(printed.toFile()).start();
            if (!wrk.waitFor(seconds + 60L, TimeUnit.SECONDS)) {
                wrk.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new LoadClient.Unfinished("wrk did not finish within " + (seconds + 60) + " s");
            }
            return parse(Files.readString(printed, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(printed);
        }
    }

    /** wrk's figures as a cell's: its 503s as shed; failing statuses, socket errors and timeouts as errors beyond it. */
    static CellStats parse(String output) throws IOException {
        String line = output.lines().filter(l -> l.startsWith("BENCH ")).findFirst()
                .orElseThrow(() -> new IOException("wrk printed no figures:\n" + output));
        Map<String, Long> v = new HashMap<>();
        for (String pair : line.substring(6).trim().split(" ")) {
            String[] kv = pair.split("=");
            v.put(kv[0], Long.parseLong(kv[1]));
        }
        long requests = v.get("requests");
        long statusErrors = v.get("status_errors");
        long shed = v.get("shed");
        long socketErrors = v.get("connect_errors") + v.get("read_errors") + v.get("write_errors") + v.get("timeouts");
        double seconds = v.get("duration_us") / 1e6;
        long ok = Math.max(0, requests - statusErrors);
        return new CellStats(requests + socketErrors, statusErrors + socketErrors, shed, seconds,
                seconds == 0 ? 0 : ok / seconds, v.get("p50_us") / 1e3, v.get("p95_us") / 1e3, v.get("p99_us") / 1e3,
                v.get("max_us") / 1e3, v.get("mean_us") / 1e3, ok, requests + socketErrors);
    }
}
