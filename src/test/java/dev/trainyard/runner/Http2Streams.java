package dev.trainyard.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Requests sent as streams of one HTTP/2 connection, as a load balancer multiplexes them, and
 * what each got. The client is curl: the JDK's HttpClient (17) fails every open stream when a
 * GOAWAY arrives, even those the server said it will answer, so it cannot tell a server that cuts
 * streams from one that finishes them.
 */
final class Http2Streams {

    private final String base;
    private final List<String> paths;
    private final Path answers;
    private final Process curl;

    private Http2Streams(String base, List<String> paths, Path answers, Process curl) {
        this.base = base;
        this.paths = paths;
        this.answers = answers;
        this.curl = curl;
    }

    /** Sends every path at once on one connection to {@code base} (https://.../trainyard/), trusting only {@code pem}. */
    static Http2Streams send(String base, Path pem, List<String> paths) throws IOException {
        Path answers = Files.createTempDirectory("trainyard-h2");
        List<String> command = new ArrayList<>(List.of("curl", "--silent", "--http2", "--parallel", "--cacert", pem.toString(),
                "--max-time", "40", "--write-out",
                "%{url_effective} %{http_version} %{http_code} %{num_connects} %{exitcode} [%header{retry-after}]\\n"));
        for (int i = 0; i < paths.size(); i++) {
            command.addAll(List.of("--output", answers.resolve("body" + i).toString(), base + paths.get(i)));
        }
        return new Http2Streams(base, paths, answers, new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start());
    }

    /**
     * Waits for curl's end and asserts that the streams shared one connection and that each got
     * its whole answer over HTTP/2, with the status expected of it (in the order of the paths) and
     * Trainyard's JSON; a 503 says when to come back.
     */
    void assertAnswered(String name, int... expected) throws Exception {
        String report = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(curl.waitFor(60, TimeUnit.SECONDS), "curl did not end");
        List<String> lines = report.lines().toList();
        assertEquals(paths.size(), lines.size(), name + ": one line per stream: " + report);
        assertEquals(1, lines.stream().mapToInt(l -> Integer.parseInt(l.split(" ")[3])).sum(),
                name + ": the streams shared one connection: " + report);
        for (int i = 0; i < paths.size(); i++) {
            String path = paths.get(i);
            String line = lines.stream().filter(l -> l.startsWith(base + path + " ")).findFirst()
                    .orElseThrow(() -> new AssertionError(name + ": no answer line for " + path + ": " + report));
            String[] fields = line.split(" ");
            assertEquals("0", fields[4], name + ": " + path + " cut (curl exit code " + fields[4] + "): " + report);
            assertEquals("2", fields[1], name + ": " + path + " over HTTP/2: " + line);
            assertEquals(expected[i], Integer.parseInt(fields[2]), name + ": " + path + ": " + line);
            JsonObject body = Json.createReader(new StringReader(Files.readString(answers.resolve("body" + i)))).readObject();
            assertFalse(body.isEmpty(), name + ": " + path + ": a JSON answer");
            if (expected[i] != 200) {
                assertEquals(expected[i], body.getInt("status"), name + ": " + path + ": Trainyard's JSON " + body);
                assertTrue(line.matches(".*\\[[0-9]+\\]$"), name + ": " + path + ": the 503 says when to come back: " + line);
            }
        }
    }
}
