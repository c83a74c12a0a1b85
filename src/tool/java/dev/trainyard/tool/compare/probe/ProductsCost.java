package dev.trainyard.tool.compare.probe;

import dev.trainyard.tool.run.MetricsScrape;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * What a large response costs the server: /blocking/products and /async/products?count=N are
 * downloaded one at a time, in alternation, and the server process's CPU
 * (process_cpu_seconds_total on /metrics) is read around each download. One at a time, so that
 * the figure is the stream's own cost and not contention; alternating, so that the shared
 * machine's drift hits both styles alike; medians, because a download now and then catches a
 * garbage collection or a compilation. Each body is hashed, so the run also shows that both
 * styles sent the same bytes.
 */
public final class ProductsCost {

    private static final List<String> STYLES = List.of("blocking", "async");
    private static final double MIB = 1024 * 1024;
    /** Below this much CPU per download, the counter's 10 ms ticks make the ratio coarse. */
    private static final double COARSE_CPU_SECONDS = 0.2;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;
    private final MetricsScrape metrics;

    public ProductsCost(String baseUrl, MetricsScrape metrics) {
        if (!baseUrl.startsWith("http://127.0.0.1:")) {
            throw new IllegalArgumentException("benchmarks only load 127.0.0.1: " + baseUrl);
        }
        this.baseUrl = baseUrl;
        this.metrics = metrics;
    }

    /** One download: its size, the server CPU it cost, its wall time, the body's SHA-256. */
    record Download(String style, long bytes, double cpuSeconds, double seconds, String sha256) {
        double cpuMsPerMib() {
            return cpuSeconds * 1000 / (bytes / MIB);
        }
    }

    /**
     * Prints the table, writes csvFile (one row per measured download) and returns the verdict
     * line; throws if the two styles sent different bodies.
     */
    public String run(int count, int warmups, int rounds, Path csvFile) throws IOException, InterruptedException {
        for (int i = 0; i < warmups; i++) {
            for (String style : STYLES) {
                download(style, count);
            }
        }
        List<Download> measured = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            for (String style : STYLES) {
                measured.add(download(style, count));
            }
        }
        System.out.printf("%-28s %12s %10s %12s %10s %9s  %s%n",
                "endpoint", "bytes", "CPU ms", "CPU ms/MiB", "wall ms", "MiB/s", "sha-256");
        double[] perMib = new double[STYLES.size()];
        for (int s = 0; s < STYLES.size(); s++) {
            String style = STYLES.get(s);
            List<Download> mine = measured.stream().filter(d -> d.style().equals(style)).toList();
            Download first = mine.get(0);
            double cpu = median(mine.stream().mapToDouble(Download::cpuSeconds).toArray());
            double wall = median(mine.stream().mapToDouble(Download::seconds).toArray());
            perMib[s] = median(mine.stream().mapToDouble(Download::cpuMsPerMib).toArray());
            System.out.printf(Locale.ROOT, "%-28s %12d %10.0f %12.2f %10.0f %9.1f  %s%n",
                    "/" + style + "/products", first.bytes(), cpu * 1000, perMib[s], wall * 1000,
                    first.bytes() / MIB / wall, first.sha256().substring(0, 16));
        }
        boolean identical = measured.stream().map(Download::sha256).distinct().count() == 1
                && measured.stream().mapToLong(Download::bytes).distinct().count() == 1;
        String verdict = String.format(Locale.ROOT, "medians of %d downloads each after %d warm-up pairs; async/blocking CPU per MiB: %.2f;"
                + " bodies %s", rounds, warmups, perMib[1] / perMib[0], identical ? "byte-identical" : "DIFFER");
        System.out.println(verdict);
        double leastCpu = measured.stream().mapToDouble(Download::cpuSeconds).min().orElse(0);
        if (leastCpu < COARSE_CPU_SECONDS) {
            System.out.printf(Locale.ROOT, "note: a download cost as little as %.0f ms of server CPU; the process CPU counter"
                    + " moves in 10 ms ticks on Linux, so the ratio is coarse (use -Dtrainyard.store.size=large for 100 MB downloads)%n",
                    leastCpu * 1000);
        }
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csvFile))) {
            w.println("style,count,bytes,server_cpu_seconds,wall_seconds,cpu_ms_per_mib,sha256");
            for (Download d : measured) {
                w.printf(Locale.ROOT, "%s,%d,%d,%.4f,%.4f,%.3f,%s%n",
                        d.style(), count, d.bytes(), d.cpuSeconds(), d.seconds(), d.cpuMsPerMib(), d.sha256());
            }
        }
        if (!identical) {
            throw new IOException("/blocking/products and /async/products sent different bodies for count=" + count);
        }
        return verdict;
    }

    private Download download(String style, int count) throws IOException, InterruptedException {
        URI uri = URI.create(baseUrl + style + "/products?count=" + count);
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        double cpuBefore = cpuSeconds();
        long start = System.nanoTime();
        HttpResponse<InputStream> response = client.send(
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        long bytes = 0;
        try (InputStream body = response.body()) {
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = body.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
                bytes += n;
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpu = cpuSeconds() - cpuBefore;
        if (response.statusCode() != 200) {
            throw new IOException(uri + " answered " + response.statusCode());
        }
        return new Download(style, bytes, cpu, seconds, HexFormat.of().formatHex(sha.digest()));
    }

    private double cpuSeconds() throws IOException, InterruptedException {
        String text = metrics.text();
        if (!text.contains("\nprocess_cpu_seconds_total ")) {
            throw new IOException("the server's /metrics has no process_cpu_seconds_total");
        }
        return MetricsScrape.value(text, "process_cpu_seconds_total");
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
