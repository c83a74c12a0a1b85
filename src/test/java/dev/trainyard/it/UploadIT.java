package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.SUITE_SETTINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.LeavesTheServerIdle;
import dev.trainyard.it.support.Needs;
import dev.trainyard.it.support.NothingTouchedAfterItEnded;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Uploads through both styles (blocking reads, a ReadListener): read whole and hashed, and over the
 * limit (8 MB in it-settings) a 413 that a real client really reads, however it sends: with a
 * Content-Length and without waiting, waiting for 100-continue, or chunked. The server reads and
 * drops a body it refuses (up to trainyard.upload.swallowBytes) before it answers, so the client
 * is never reset while it still sends.
 */
@ExtendWith({NothingTouchedAfterItEnded.class, LeavesTheServerIdle.class})
class UploadIT extends EndpointTest {

    private static final int LIMIT = 8 * 1024 * 1024;

    @Test
    void uploadsAreReadWholeByBothStyles() throws Exception {
        byte[] body = body(5 * 1024 * 1024 + 7);
        String sha = sha256(body);
        for (String style : List.of("blocking", "async")) {
            HttpResponse<String> fixed = post(style + "/upload", HttpRequest.BodyPublishers.ofByteArray(body), false);
            assertEquals(200, fixed.statusCode(), fixed.body());
            assertEquals(body.length, object(fixed).getJsonNumber("bytes").longValue());
            assertEquals(sha, object(fixed).getString("sha256"), style + ", Content-Length");
            HttpResponse<String> chunked = post(style + "/upload",
                    HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)), false);
            assertEquals(200, chunked.statusCode(), "no Content-Length: " + chunked.body());
            assertEquals(sha, object(chunked).getString("sha256"), style + ", chunked: " + chunked.body());
            assertEquals(405, get(style + "/upload").statusCode());
        }
    }

    /**
     * The connection an upload leaves behind carries the next request whole. GlassFish's did not
     * after a ReadListener upload: now and then the next chunked body lost its start, or the
     * connection broke (a few in a hundred), until server-configs/glassfish closed it. So: a
     * hundred times, a ReadListener upload and then a chunked one, on the client's kept-alive
     * connection.
     */
    @Test
    void aConnectionAnUploadLeavesCarriesTheNextOneWhole() throws Exception {
        byte[] body = body(256 * 1024);
        String sha = sha256(body);
        for (int round = 0; round < 100; round++) {
            HttpResponse<String> fixed = post("async/upload", HttpRequest.BodyPublishers.ofByteArray(body), false);
            assertEquals(sha, object(fixed).getString("sha256"), "round " + round + ", Content-Length: " + fixed.body());
            HttpResponse<String> chunked = post("async/upload",
                    HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)), false);
            assertEquals(sha, object(chunked).getString("sha256"), "round " + round + ", chunked next: " + chunked.body());
        }
    }

    @Needs(SUITE_SETTINGS)
    @Test
    void aBodyOverTheLimitIsA413TheClientReadsHoweverItSends() throws Exception {
        byte[] tooBig = new byte[LIMIT + 1024 * 1024];
        for (int round = 0; round < 3; round++) {
            for (String style : List.of("blocking", "async")) {
                assertTooLarge(post(style + "/upload", HttpRequest.BodyPublishers.ofByteArray(tooBig), false),
                        style + ", Content-Length, round " + round);
                assertEquals(413, expectingContinue(style + "/upload", tooBig.length), style + ", Expect: 100-continue, round " + round);
                assertTooLarge(post(style + "/upload", HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(tooBig)), false),
                        style + ", chunked, round " + round);
            }
        }
        // Far beyond what the server drops for a client that sends anyway: one that waits for
        // 100-continue is answered before it sends a byte (on GlassFish, as it sends).
        for (String style : List.of("blocking", "async")) {
            assertEquals(413, expectingContinue(style + "/upload", 4L * LIMIT), style + ", 32 MB, Expect: 100-continue");
        }
    }

    /**
     * A client that sends its whole body before it reads (as simple ones do) must still find the
     * 413: the server reads and drops the rest, up to the swallow bound, and only then closes.
     * Tomcat closed the request's input with the 413's writer, so it stopped reading at once, reset
     * the connection under the client's writes, and a client that had not yet read lost the answer.
     */
    @Needs(SUITE_SETTINGS)
    @Test
    void aClientThatSendsItsWholeBodyBeforeReadingGetsThe413() throws Exception {
        long length = LIMIT + 1024 * 1024;
        for (String style : List.of("blocking", "async")) {
            try (Socket socket = connect(0)) {
                socket.setSoTimeout(30_000);
                OutputStream out = socket.getOutputStream();
                out.write(("POST " + uri(style + "/upload").getRawPath() + " HTTP/1.1\r\nHost: " + base.getHost()
                        + "\r\nContent-Type: application/octet-stream\r\nContent-Length: " + length + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                byte[] chunk = new byte[64 * 1024];
                long sent = 0;
                try {
                    for (; sent < length; sent += chunk.length) {
                        out.write(chunk, 0, (int) Math.min(chunk.length, length - sent));
                    }
                    out.flush();
                } catch (IOException cut) {
                    throw new AssertionError(style + ": the server cut the connection after " + sent + " of " + length
                            + " bytes, under the swallow bound: " + cut);
                }
                BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
                assertEquals(413, statusCode(in.readLine()), style);
            }
        }
    }

    private static byte[] body(int length) {
        byte[] body = new byte[length];
        new Random(42).nextBytes(body);
        return body;
    }

    private static String sha256(byte[] body) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
    }

    private static void assertTooLarge(HttpResponse<String> response, String how) {
        assertEquals(413, response.statusCode(), how + ": " + response.body());
        assertTrue(object(response).getString("message").contains("larger than the limit of " + LIMIT), how + ": " + response.body());
    }

    private HttpResponse<String> post(String path, HttpRequest.BodyPublisher body, boolean expectContinue) {
        return send(HttpRequest.newBuilder(uri(path)).POST(body).expectContinue(expectContinue).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/octet-stream").build());
    }

    /**
     * An upload that waits for "100 Continue" before its body, as curl and most clients do for a
     * large one (JDK 17's HttpClient hangs when the answer is final instead, so this speaks HTTP
     * itself): the final status the server answers. Tomcat and Jetty answer before asking for the
     * body; GlassFish's Grizzly says 100 before the application sees the request, so there the
     * client sends its body, as a real one would, while it reads the answer.
     */
    private int expectingContinue(String path, long length) throws Exception {
        try (Socket socket = connect(0)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + uri(path).getRawPath() + " HTTP/1.1\r\nHost: " + base.getHost() + "\r\nContent-Type: application/octet-stream"
                    + "\r\nContent-Length: " + length + "\r\nExpect: 100-continue\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
            int code = statusCode(in.readLine());
            if (code != 100) {
                return code;
            }
            assertEquals("glassfish", server(), "the server asked for a body over its limit");
            for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
                // the rest of the interim answer
            }
            Thread sender = new Thread(() -> {
                byte[] chunk = new byte[64 * 1024];
                try {
                    for (long sent = 0; sent < length; sent += chunk.length) {
                        out.write(chunk, 0, (int) Math.min(chunk.length, length - sent));
                    }
                } catch (IOException answeredAndClosed) {
                    // the server answered and closed before the whole body: what it may do
                }
            }, "upload-sender");
            sender.setDaemon(true);
            sender.start();
            try {
                return statusCode(in.readLine());
            } finally {
                socket.close();
                sender.join(30_000);
            }
        }
    }

    private static int statusCode(String statusLine) {
        assertTrue(statusLine != null && statusLine.startsWith("HTTP/1.1 "), "a status line: " + statusLine);
        return Integer.parseInt(statusLine.substring(9, 12));
    }
}
