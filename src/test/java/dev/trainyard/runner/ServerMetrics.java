package dev.trainyard.runner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** What a running server's /metrics says, read over plain HTTP as a scraper reads it. */
final class ServerMetrics {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1).build();

    private ServerMetrics() {
    }

    /** The sum of a metric's samples (all its labels). */
    static double sum(String base, String metric) throws Exception {
        String text = CLIENT.send(HttpRequest.newBuilder(URI.create(base + "metrics")).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        return text.lines().filter(l -> l.startsWith(metric + " ") || l.startsWith(metric + "{"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    /** Waits (bounded) until the metric reaches {@code n}: requests sent are then being served. */
    static void awaitAtLeast(String base, String metric, double n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        double now;
        while ((now = sum(base, metric)) < n) {
            assertTrue(System.nanoTime() < deadline, metric + " is " + now + ", never " + n);
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }
}
