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
import java.util.concurrent.TimeUnit;

/**
 * wrk (Debian's package), the lean closed-model client: one URL per cell, a fixed number of
 * connections, a fraction of JMeter's CPU per request, so on a small machine it leaves the server
 * the cores JMeter would take. A Lua hook prints the figures as one line, parsed here.
 *
 * <p>What it cannot do: run a plan (no random ids, no assertions on bodies), an open model, or a
 * loop-bound cell; tell a 503 from another non-2xx answer (all are status errors, so only socket
 * errors and timeouts count against a cell's error budget); or count the requests it leaves in
 * flight when it stops, so the views audit is not made on its cells.
 */
public final class WrkClient implements LoadClient {

    private final Path script;

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

    @Override
    public boolean countsEveryRequest() {
        return false;
    }

    @Override
    public String limits() {
        return "wrk counts every non-2xx answer as a status error without telling a 503 (load shed) from a failure, so"
                + " only its socket errors and timeouts count against a cell; it leaves requests in flight when it stops,"
                + " so no views audit is made on its cells.";
    }

    /** The cell's URL at its users for the warm-up (dropped), then for the measured seconds. */
    @Override
    public CellStats run(CellSpec cell, Target target, int warmup, int seconds, Path results) throws Exception {
        if (cell.users() == 0 || cell.loopBound()) {
            throw new IllegalArgumentException("wrk runs closed, time-bound cells only: " + cell.label());
        }
        String url = target.baseUrl() + cell.path();
        if (warmup > 0) {
            run(url, cell.users(), warmup, target.keepAlive());
        }
        return run(url, cell.users(), seconds, target.keepAlive());
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

    /** wrk's figures as a cell's: every non-2xx is counted as shed, socket errors and timeouts as errors beyond it. */
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
        long socketErrors = v.get("connect_errors") + v.get("read_errors") + v.get("write_errors") + v.get("timeouts");
        double seconds = v.get("duration_us") / 1e6;
        long ok = Math.max(0, requests - statusErrors);
        return new CellStats(requests + socketErrors, statusErrors + socketErrors, statusErrors, seconds,
                seconds == 0 ? 0 : ok / seconds, v.get("p50_us") / 1e3, v.get("p95_us") / 1e3, v.get("p99_us") / 1e3,
                v.get("max_us") / 1e3, v.get("mean_us") / 1e3, ok, requests + socketErrors);
    }
}
