package dev.trainyard.tool.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the server's /metrics, to put server-side facts beside the load generator's figures. */
public final class MetricsScrape {

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI metrics;

    public MetricsScrape(String baseUrl) {
        this.metrics = URI.create(baseUrl + "metrics");
    }

    public String text() throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    /** The value of one exact series (name{labels}), 0 when absent. */
    public static double value(String text, String series) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    /** The server JVM's version, from trainyard_jvm_info's label; "?" when absent. */
    public static String jvmVersion(String text) {
        Matcher m = Pattern.compile("(?m)^trainyard_jvm_info\\{[^}]*version=\"([^\"]*)\"").matcher(text);
        return m.find() ? m.group(1) : "?";
    }

    /** Every sample of the text, keyed by its series (name{labels}). */
    public static Map<String, Double> samples(String text) {
        Map<String, Double> samples = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            if (space > 0) {
                samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
            }
        }
        return samples;
    }

    /** The sum of a family's samples whose series names every label given ("k=\"v\""), 0 when none. */
    public static double sum(Map<String, Double> samples, String name, String... labels) {
        double total = 0;
        for (Map.Entry<String, Double> e : samples.entrySet()) {
            String series = e.getKey();
            if (!series.equals(name) && !series.startsWith(name + "{")) {
                continue;
            }
            boolean all = true;
            for (String label : labels) {
                all &= series.contains(label);
            }
            if (all) {
                total += e.getValue();
            }
        }
        return total;
    }
}
