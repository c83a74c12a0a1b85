package dev.trainyard.tool.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs wrk (Debian's package), a lean closed-model load generator: on 2 cores it reaches 98-99%
 * of the Little's-law limit at 1,000 connections for about 0.1 core, where JMeter reaches 87-89%
 * (TOOLCHAIN.md). A Lua hook prints the figures as one line, parsed here.
 */
public final class Wrk {

    private final Path script;

    public Wrk(Path workDir) throws IOException {
        Files.createDirectories(workDir);
        this.script = workDir.resolve("report.lua");
        try (InputStream in = Wrk.class.getResourceAsStream("/bench/report.lua")) {
            if (in == null) {
                throw new IOException("bench/report.lua missing from the class path");
            }
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        try {
            Process p = new ProcessBuilder("wrk", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            throw new IOException("wrk is not installed: apt-get install wrk", e);
        }
    }

    /** Loads {@code url} with {@code connections} for {@code seconds}; only 127.0.0.1 is ever targeted. */
    public Result run(String url, int connections, int seconds) throws IOException, InterruptedException {
        if (!url.startsWith("http://127.0.0.1:")) {
            throw new IllegalArgumentException("benchmarks only load 127.0.0.1: " + url);
        }
        int threads = Math.min(2, connections);
        Process wrk = new ProcessBuilder("wrk", "-t" + threads, "-c" + connections, "-d" + seconds + "s",
                "--timeout", "10s", "-s", script.toString(), url).redirectErrorStream(true).start();
        String output = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!wrk.waitFor(seconds + 60L, TimeUnit.SECONDS)) {
            wrk.destroyForcibly();
            throw new IOException("wrk did not finish");
        }
        return parse(output);
    }

    static Result parse(String output) throws IOException {
        String line = output.lines().filter(l -> l.startsWith("BENCH ")).findFirst()
                .orElseThrow(() -> new IOException("wrk printed no figures:\n" + output));
        Map<String, Long> v = new HashMap<>();
        for (String pair : List.of(line.substring(6).trim().split(" "))) {
            String[] kv = pair.split("=");
            v.put(kv[0], Long.parseLong(kv[1]));
        }
        return new Result(v.get("requests"), v.get("duration_us") / 1e6,
                v.get("p50_us") / 1e3, v.get("p95_us") / 1e3, v.get("p99_us") / 1e3, v.get("max_us") / 1e3,
                v.get("status_errors"),
                v.get("connect_errors") + v.get("read_errors") + v.get("write_errors") + v.get("timeouts"));
    }
}
