package dev.trainyard.it.support;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The answers a batch of requests got, counted by status, with every answer checked as it is
 * counted: an error is Trainyard's JSON whose status field equals the HTTP status, a 503 carries
 * Retry-After, a 200 is JSON. A request that got no answer at all (the connection cut, a client
 * timeout) is counted as lost. The test asserts on the counts and on {@link #problems()}.
 */
public final class Tally {

    private final Map<Integer, Integer> byStatus = new TreeMap<>();
    private final List<String> problems = new ArrayList<>();
    private int lost;
    private int left;

    public synchronized void add(HttpResponse<String> response) {
        int status = response.statusCode();
        byStatus.merge(status, 1, Integer::sum);
        String body = response.body();
        JsonObject json;
        try (JsonReader reader = Json.createReader(new StringReader(body))) {
            json = reader.readObject();
        } catch (RuntimeException notJson) {
            problems.add(status + " is not a JSON object: " + cut(body));
            return;
        }
        if (status != 200) {
            if (!json.containsKey("status") || json.getInt("status") != status || !json.containsKey("error") || !json.containsKey("message")) {
                problems.add(status + " is not Trainyard's error shape: " + cut(body));
            }
            if (status == 503 && response.headers().firstValue("Retry-After").isEmpty()) {
                problems.add("503 without Retry-After: " + cut(body));
            }
        }
    }

    public synchronized void lost(Throwable why) {
        lost++;
        problems.add("no answer: " + why);
    }

    /** Requests whose client left on purpose before the answer (a fault, not a loss). */
    public synchronized void left(int clients) {
        left += clients;
    }

    public synchronized int count(int status) {
        return byStatus.getOrDefault(status, 0);
    }

    public synchronized int total() {
        return byStatus.values().stream().mapToInt(Integer::intValue).sum() + lost + left;
    }

    public synchronized int lost() {
        return lost;
    }

    /** What was wrong, the first ten kinds of it: one bad page repeated is one problem. */
    public synchronized List<String> problems() {
        return problems.stream().distinct().limit(10).toList();
    }

    /** Statuses other than those given, with their counts: what must not be there. */
    public synchronized Map<Integer, Integer> otherThan(int... allowed) {
        Map<Integer, Integer> others = new TreeMap<>(byStatus);
        for (int status : allowed) {
            others.remove(status);
        }
        return others;
    }

    /** "200×12 503×8" */
    public synchronized String statuses() {
        StringBuilder text = new StringBuilder();
        byStatus.forEach((status, n) -> text.append(text.length() == 0 ? "" : " ").append(status).append('×').append(n));
        if (left > 0) {
            text.append(text.length() == 0 ? "" : " ").append("client left×").append(left);
        }
        return text.length() == 0 ? "none" : text.toString();
    }

    @Override
    public synchronized String toString() {
        return statuses() + ", lost " + lost + (problems.isEmpty() ? "" : ", problems " + problems);
    }

    private static String cut(String body) {
        return body.length() > 160 ? body.substring(0, 160) + "..." : body;
    }
}
