package dev.trainyard.tool.compare.load;

import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Protocol;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * h2load (Debian's nghttp2-client), the lean client for the cells spoken over HTTP/2 (over TLS,
 * chosen by ALPN), beside wrk for HTTP/1.1: one URL per cell, a fixed number of connections with
 * one stream in flight on each, as wrk keeps one request in flight on each of its connections, so
 * that the protocol is what differs between cells of the same load. It cuts its own warm-up and
 * logs each measured request (status, microseconds), from which the percentiles come.
 *
 * <p>Not for HTTP/1.1: its parser counts a status line without a reason phrase, which Tomcat
 * sends ("HTTP/1.1 200 "), as a failure with status 0. What it cannot do: run a plan, an open
 * model, or a loop-bound cell; check a certificate (it accepts any, which is why only 127.0.0.1
 * is ever loaded); or count the requests it leaves in flight when it stops, so the views audit is
 * not made on its cells.
 */
public final class H2loadClient implements LoadClient {

    private static final Pattern REQUESTS = Pattern.compile(
            "requests: (\\d+) total, (\\d+) started, (\\d+) done, (\\d+) succeeded, (\\d+) failed, (\\d+) errored, (\\d+) timeout");

    /** As wrk's --timeout: a connection silent this long counts its request as an error. */
    private static final int TIMEOUT_SECONDS = 10;

    private final Path workDir;

    public H2loadClient(Path workDir) throws IOException {
        this.workDir = Files.createDirectories(workDir);
        LoadClient.installed("h2load", "nghttp2-client");
    }

    @Override
    public String name() {
        return "h2load";
    }

    @Override
    public OptionalLong uncounted() {
        return OptionalLong.empty();
    }

    @Override
    public String limits() {
        return "The h2 cells are h2load's (HTTP/2 over TLS, one stream in flight per connection, as wrk keeps one request):"
                + " another lean client than the HTTP/1.1 cells' wrk, so a part of a gap between h2 and https may be the"
                + " clients'; it leaves requests in flight when it stops, so no views audit is made on its cells.";
    }

    @Override
    public CellStats run(CellSpec cell, Target target, int warmup, int seconds, Path results) throws Exception {
        if (cell.users() == 0 || cell.loopBound()) {
            throw new IllegalArgumentException("h2load runs closed, time-bound cells only: " + cell.label());
        }
        String url = target.baseUrl() + cell.path();
        if (target.protocol() != Protocol.H2) {
            throw new IllegalArgumentException("h2load runs the HTTP/2 cells only; got " + target.protocol().key());
        }
        if (!url.startsWith("https://127.0.0.1:")) {
            throw new IllegalArgumentException("the harness only loads 127.0.0.1: " + url);
        }
        Path log = Files.createTempFile(workDir, "h2load-", ".log");
        Path printed = Files.createTempFile(workDir, "h2load-", ".out");
        try {
            // -N: a connection silent that long is closed, so that a stream the server never
            // answers ends the run as an error instead of holding h2load at its stop for ever.
            List<String> command = new ArrayList<>(List.of("h2load", "-c" + cell.users(), "-m1", "-t" + Math.min(2, cell.users()),
                    "-D" + seconds, "--warm-up-time=" + warmup, "-N" + TIMEOUT_SECONDS + "s", "--log-file=" + log, url));
            Process h2load = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(printed.toFile()).start();
            if (!h2load.waitFor(warmup + seconds + TIMEOUT_SECONDS + 60L, TimeUnit.SECONDS)) {
                h2load.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new LoadClient.Unfinished("h2load did not finish within " + (warmup + seconds + TIMEOUT_SECONDS + 60L) + " s: "
                        + Files.readString(printed, StandardCharsets.UTF_8).lines().reduce((first, second) -> second).orElse(""));
            }
            return parse(Files.readString(printed, StandardCharsets.UTF_8), Files.readAllLines(log), seconds);
        } finally {
            Files.deleteIfExists(log);
            Files.deleteIfExists(printed);
        }
    }

    /**
     * The summary's counts and the log's latencies as a cell's figures. A logged request with
     * status 0 was cut by h2load's own stop and is left out; 503s are counted as shed.
     */
    static CellStats parse(String output, List<String> log, int seconds) throws IOException {
        Matcher m = REQUESTS.matcher(output);
        if (!m.find()) {
            throw new IOException("h2load printed no figures:\n" + output);
        }
        long done = Long.parseLong(m.group(3));
        long failed = Long.parseLong(m.group(5));
        Histogram micros = new Histogram(CellStats.HIGHEST_MS * 1000, 3);
        long shed = 0;
        for (String line : log) {
            String[] columns = line.split("\t");
            if (columns.length < 3 || columns[1].equals("0")) {
                continue;
            }
            if (columns[1].equals("503")) {
                shed++;
            }
            micros.recordValue(Math.min(Math.max(0, Long.parseLong(columns[2])), CellStats.HIGHEST_MS * 1000));
        }
        boolean none = micros.getTotalCount() == 0;
        long ok = Math.max(0, done - failed);
        return new CellStats(done, failed, shed, seconds, ok / (double) seconds,
                none ? Double.NaN : micros.getValueAtPercentile(50) / 1e3, none ? Double.NaN : micros.getValueAtPercentile(95) / 1e3,
                none ? Double.NaN : micros.getValueAtPercentile(99) / 1e3, none ? Double.NaN : micros.getMaxValue() / 1e3,
                none ? Double.NaN : micros.getMean() / 1e3, ok, done);
    }
}
