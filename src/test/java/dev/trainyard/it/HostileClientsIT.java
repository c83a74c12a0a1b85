package dev.trainyard.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.LeavesTheServerIdle;
import dev.trainyard.it.support.NothingTouchedAfterItEnded;
import dev.trainyard.it.support.RawAnswers;
import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;

/**
 * Clients that break the rules, on purpose or by accident: requests framed so that two readers
 * disagree on where one ends, bodies that stop half-way, pipelines whose answers are never read.
 * On raw sockets: an HTTP client will not send such requests at all. Clients that only go slowly
 * are {@link SlowClientsIT}'s.
 */
@ExtendWith({NothingTouchedAfterItEnded.class, LeavesTheServerIdle.class})
class HostileClientsIT extends EndpointTest {

    /**
     * A request with both a Content-Length and a Transfer-Encoding, whose body, read as chunked,
     * ends early and leaves a second request behind it. A proxy in front that frames by the
     * length forwards one request; a server that answers the hidden one too has been smuggled a
     * request. Each shape is one kept-alive connection: the ambiguous request, then a plain
     * hello that closes it. Safe: one answer to the ambiguous request (a refusal, or an answer framed
     * either way) and the connection closed, or one answer and the hello's; never an answer to the
     * hidden request.
     */
    @Test
    void aRequestFramedTwoWaysIsNeverTakenForTwo() {
        Map<String, String> shapes = Map.of(
                "plain", "Transfer-Encoding: chunked\r\n",
                "a list", "Transfer-Encoding: chunked, identity\r\n",
                "two lines", "Transfer-Encoding: identity\r\nTransfer-Encoding: chunked\r\n",
                "a tab before the value", "Transfer-Encoding:\tchunked\r\n",
                "upper case", "TRANSFER-ENCODING: CHUNKED\r\n",
                "a vertical tab", "Transfer-Encoding:\u000bchunked\r\n",
                "a space before the colon", "Transfer-Encoding : chunked\r\n");
        List<Executable> checks = new ArrayList<>();
        shapes.forEach((shape, header) -> checks.add(() -> {
            String hidden = "GET " + base.getPath() + "smuggled HTTP/1.1\r\nHost: " + host() + "\r\n\r\n";
            String body = "0\r\n\r\n" + hidden;
            String ambiguous = "POST " + base.getPath() + "blocking/upload HTTP/1.1\r\nHost: " + host() + "\r\n"
                    + "Content-Type: application/octet-stream\r\nContent-Length: " + body.length() + "\r\n" + header + "\r\n" + body;
            String hello = "GET " + base.getPath() + "blocking/hello HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n\r\n";
            String answers = exchange(ambiguous + hello, false, false);
            List<Integer> statuses = RawAnswers.statuses(answers);
            String said = shape + " on " + server() + ": " + statuses + "\n" + answers;
            assertTrue(statuses.size() == 1 || statuses.size() == 2 && statuses.get(1) == 200, said);
            assertTrue(statuses.stream().noneMatch(s -> s == 404), said);
        }));
        assertAll(checks);
    }

    /**
     * Uploads whose body stops half-way: 64 KiB of a declared MiB, or one chunk of 64 KiB and never
     * the last. Each style meets a client that closes its side there, and the async one a client
     * that holds the connection and sends nothing more (the WAR's stall bound ends it; a blocking
     * read is bounded by the server's own read timeout, not the WAR's). A client's stall is no
     * server error and its body no whole one: each gets a 400 or a 408, or its connection closed
     * without an answer; never a 200 as if the body were whole, never a 500, never nothing. They
     * run at once; then no request is left open and no request thread busy.
     */
    @Test
    void anUploadWhoseBodyStopsHalfWayIsAClientErrorOrAClose() throws Exception {
        String chunk = "x".repeat(64 * 1024);
        Map<String, CompletableFuture<String>> answers = new LinkedHashMap<>();
        for (String style : List.of("blocking", "async")) {
            String head = "POST " + base.getPath() + style + "/upload HTTP/1.1\r\nHost: " + host()
                    + "\r\nContent-Type: application/octet-stream\r\n";
            Map<String, String> bodies = Map.of(
                    "declared", head + "Content-Length: " + 1024 * 1024 + "\r\n\r\n" + chunk,
                    "chunked", head + "Transfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n");
            bodies.forEach((framing, bytes) -> {
                answers.put(style + " " + framing + ", closed", CompletableFuture.supplyAsync(() -> exchangeOrSay(bytes, true)));
                if (style.equals("async")) {
                    answers.put(style + " " + framing + ", held", CompletableFuture.supplyAsync(() -> exchangeOrSay(bytes, false)));
                }
            });
        }
        List<Executable> checks = new ArrayList<>();
        answers.forEach((name, answer) -> checks.add(() -> {
            String said = answer.get();
            List<Integer> statuses = RawAnswers.statuses(said);
            String what = name + " on " + server() + ": " + statuses + "\n" + said;
            assertTrue(!said.startsWith("no answer") && statuses.size() <= 1, what);
            assertTrue(statuses.isEmpty() || statuses.get(0) == 400 || statuses.get(0) == 408, what);
            assertTrue(statuses.isEmpty() || said.contains("\"status\":" + statuses.get(0)), "not Trainyard's JSON: " + what);
        }));
        assertAll(checks);
        assertTrue(openFallsTo(0), "async requests left open on " + server());
        assertTrue(fallsTo("trainyard_request_threads_busy", 1), "request threads still busy on " + server());
    }

    /**
     * Clients that pipeline requests and never read an answer: each connection sends eight and
     * holds one answer the server cannot send. More such connections than the async style has
     * threads to run its database work must hold none of them: a fresh request of the style is
     * answered 200 meanwhile. Once the clients reset their connections, nothing of theirs stays
     * open, nothing waits for a database connection, and both the async style and the Train (whose
     * workers answer the same way) answer as before. The answers are a store query's half a
     * megabyte, so the first fills the buffers between server and client; an entry's hundred bytes
     * would take thousands of requests per connection. Eight, not more: GlassFish still serves
     * the requests it has read from a connection after the client reset it.
     */
    @Test
    void clientsThatPipelineAndNeverReadHoldNoThreadOfOurs() throws Exception {
        int threads = (int) metric("trainyard_executor_max_concurrency", "executor=\"db\"");
        double done = metric("trainyard_executor_completed_total");
        String request = "GET " + base.getPath() + "async/store/s1?type=C HTTP/1.1\r\nHost: " + host() + "\r\n\r\n";
        List<Socket> hostile = new ArrayList<>();
        try {
            for (int i = 0; i < threads + 4; i++) {
                Socket socket = connect(1024);
                hostile.add(socket);
                socket.getOutputStream().write(request.repeat(8).getBytes(StandardCharsets.ISO_8859_1));
            }
            // Each connection's work done at least once: its answer is then with the server, unread.
            assertTrue(risesTo("trainyard_executor_completed_total", done + hostile.size()), "the database threads finished "
                    + (metric("trainyard_executor_completed_total") - done) + " of " + hostile.size() + " answers' work on " + server());
            assertTrue(fallsTo("trainyard_executor_active", 0), metric("trainyard_executor_active") + " database threads still busy while "
                    + hostile.size() + " clients that never read hold their answers, on " + server());
            HttpResponse<String> fresh = get("async/entry?id=7");
            assertEquals(200, fresh.statusCode(), "while " + hostile.size() + " clients that never read hold their answers, on "
                    + server() + ": " + fresh.body());
        } finally {
            for (Socket socket : hostile.subList(1, hostile.size())) {
                socket.setSoLinger(true, 0);
                socket.close();
            }
        }
        // The first client is still there, reading nothing: its request ends all the same, its
        // answer cut after the stall bound (or, where the server's output queued it whole, sent).
        try (Socket stillThere = hostile.get(0)) {
            assertTrue(openFallsTo(0), metric("trainyard_async_open_requests") + " async requests left open after the clients reset ("
                    + metric("trainyard_async_unread_answers") + " answers unread), on " + server());
            assertTrue(fallsTo("trainyard_async_unread_answers", 0), "answers still waiting for a client that reads nothing, on " + server());
        }
        assertTrue(fallsTo("trainyard_db_connection_waiting", 0), "requests still waiting for a database connection on " + server());
        assertTrue(fallsTo("trainyard_request_threads_busy", 1), "request threads still busy on " + server());
        for (String path : List.of("async/entry?id=7", "train/entry?id=7")) {
            assertEquals(200, get(path).statusCode(), path + " after the clients reset, on " + server());
        }
    }

    /**
     * Requests pipelined behind Train requests on one connection: five entries, then a blocking
     * sleep, then a hello that closes. Each is answered 200 in order, and the sleep is served by a
     * thread of the container's, never by the Train worker that ended the request before it (a
     * container that runs the connection's next request on the thread that ends one would have the
     * worker serve it: busy for the whole sleep). The Train is as healthy afterwards.
     */
    @Test
    void aRequestPipelinedBehindTrainRequestsIsNeverServedByATrainWorker() throws Exception {
        String entry = "GET " + base.getPath() + "train/entry?id=13 HTTP/1.1\r\nHost: " + host() + "\r\n\r\n";
        String sleep = "GET " + base.getPath() + "blocking/sleep?ms=3000 HTTP/1.1\r\nHost: " + host() + "\r\n\r\n";
        String hello = "GET " + base.getPath() + "blocking/hello HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n\r\n";
        try (Socket socket = connect(0)) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write((entry.repeat(5) + sleep + hello).getBytes(StandardCharsets.ISO_8859_1));
            StringBuilder answers = new StringBuilder();
            while (!RawAnswers.whole(answers.toString(), 5)) {
                int b = socket.getInputStream().read();
                assertTrue(b >= 0, "closed after " + RawAnswers.statuses(answers.toString()) + " on " + server());
                answers.append((char) b);
            }
            // Within a second, well inside the sleep: the worker that sent the last answer may still
            // be on its way out of its trip, but one serving the sleep would be busy for all of it.
            assertTrue(becomes(() -> metric("trainyard_train_workers_busy") == 0, 1), "a Train worker busy while the request"
                    + " pipelined behind its answers sleeps, on " + server());
            answers.append(RawAnswers.read(socket, false, () -> { }));
            assertEquals(List.of(200, 200, 200, 200, 200, 200, 200), RawAnswers.statuses(answers.toString()),
                    "on " + server() + ":\n" + answers);
        }
        assertEquals(200, get("train/entry?id=13").statusCode(), "the Train after a pipelined client, on " + server());
    }

    /**
     * A client that pipelines Train requests on one connection and never reads an answer. An
     * entry's answer is small, so it takes thousands of them to fill the buffers between server
     * and client (a receive window of 1 KiB on the client's side); the client sends more than
     * that. Once they are full, the answer that does not fit waits with the container and no
     * Train worker waits for it: every worker idle, and a fresh Train request answered, while the
     * client still holds the connection. Its answer is then cut at the stall bound, and nothing of
     * it stays open. On a server whose output takes every answer, they are all answered instead.
     */
    @Test
    void aClientThatPipelinesTrainRequestsAndNeverReadsHoldsNoWorker() throws Exception {
        int pipelined = 12_000;
        String request = "GET " + base.getPath() + "train/entry?id=11 HTTP/1.1\r\nHost: " + host() + "\r\n\r\n";
        double jobs = metric("trainyard_train_jobs_total");
        double cut = metric("trainyard_async_timeouts_total", "outcome=\"cut\"");
        try (Socket hostile = connect(1024)) {
            Thread sender = new Thread(() -> {
                try {
                    hostile.getOutputStream().write(request.repeat(pipelined).getBytes(StandardCharsets.ISO_8859_1));
                } catch (IOException cutByTheServer) {
                    // What it did not send, it needs no answer for.
                }
            }, "pipeline");
            sender.start();
            try {
                // Until the server takes no more of the client's requests: an answer waits for the
                // client, all are answered, or none has been for a while. Then no worker may stay
                // busy (one flushing to this client would, for up to the server's write timeout).
                Progress done = new Progress(() -> metric("trainyard_train_jobs_total"));
                boolean stopped = becomes(() -> metric("trainyard_async_unread_answers") >= 1
                        || metric("trainyard_async_timeouts_total", "outcome=\"cut\"") > cut
                        || done.now() >= jobs + pipelined
                        || done.stillFor(Duration.ofSeconds(2)), 60);
                assertTrue(stopped, "the server still takes the client's requests: "
                        + (metric("trainyard_train_jobs_total") - jobs) + " of " + pipelined + " done, on " + server());
                assertTrue(fallsTo("trainyard_train_workers_busy", 0), metric("trainyard_train_workers_busy")
                        + " Train workers busy while a client that reads nothing holds its answers ("
                        + (metric("trainyard_train_jobs_total") - jobs) + " of " + pipelined + " done), on " + server());
                assertEquals(200, get("train/entry?id=7").statusCode(), "a fresh Train request meanwhile, on " + server());
                assertTrue(openFallsTo(0), metric("trainyard_async_open_requests") + " async requests open ("
                        + metric("trainyard_async_unread_answers") + " answers unread) while the client still holds, on " + server());
                assertTrue(fallsTo("trainyard_async_unread_answers", 0), "an answer still waits for a client that reads nothing, on " + server());
            } finally {
                hostile.setSoLinger(true, 0);
                hostile.close();
                sender.join(10_000);
            }
        }
        assertTrue(fallsTo("trainyard_request_threads_busy", 1), "request threads still busy on " + server());
    }

    private String exchangeOrSay(String bytes, boolean closeOurSide) {
        try {
            return exchange(bytes, closeOurSide, true);
        } catch (IOException e) {
            return "no answer: " + e;
        }
    }

    /** A count that rises while work goes on: whether it has stood still for a while. */
    private static final class Progress {

        private final DoubleSupplier count;
        private double last = Double.NaN;
        private long since = System.nanoTime();

        Progress(DoubleSupplier count) {
            this.count = count;
        }

        double now() {
            double value = count.getAsDouble();
            if (value != last) {
                last = value;
                since = System.nanoTime();
            }
            return value;
        }

        boolean stillFor(Duration duration) {
            now();
            return System.nanoTime() - since >= duration.toNanos();
        }
    }
}
