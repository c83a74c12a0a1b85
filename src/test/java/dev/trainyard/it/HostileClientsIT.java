package dev.trainyard.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.RawAnswers;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Clients that frame their requests so that two readers of the same bytes disagree on where a
 * request ends. On raw sockets: an HTTP client will not send such a request at all.
 */
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
     * Clients that send a body a byte at a time, each byte soon enough to keep any idle timeout
     * away: more of them than the server has request threads (200 on every server here), to the
     * blocking upload, to a GET whose body nobody reads (the container would drain it), and a few
     * to the async upload. A body that keeps less than the least pace over a stall bound is the
     * client's failure: each gets a 408 or 400 in Trainyard's JSON, or its connection closed. Once
     * every one has its answer, and while they still send, a fresh request is answered: no thread
     * waits on what they still send (a server that drained their bodies on its request threads
     * would have none left). At the end nothing of theirs is open.
     */
    @Test
    void slowBodiesHoldNoRequestThreadForLong() throws Exception {
        Map<String, String> heads = new LinkedHashMap<>();
        String declared = "Content-Length: " + 1024 * 1024 + "\r\n\r\n";
        heads.put("blocking upload", "POST " + base.getPath() + "blocking/upload HTTP/1.1\r\nHost: " + host()
                + "\r\nContent-Type: application/octet-stream\r\n" + declared);
        heads.put("a GET's body", "GET " + base.getPath() + "blocking/hello HTTP/1.1\r\nHost: " + host() + "\r\n" + declared);
        heads.put("async upload", "POST " + base.getPath() + "async/upload HTTP/1.1\r\nHost: " + host()
                + "\r\nContent-Type: application/octet-stream\r\n" + declared);
        Map<String, Integer> counts = Map.of("blocking upload", 110, "a GET's body", 110, "async upload", 20);
        List<Socket> slow = new ArrayList<>();
        List<String> shapeOf = new ArrayList<>();
        ExecutorService readers = Executors.newFixedThreadPool(counts.values().stream()
                .mapToInt(Integer::intValue).sum());
        AtomicBoolean trickling = new AtomicBoolean(true);
        Thread trickle = new Thread(() -> {
            while (trickling.get()) {
                for (Socket socket : List.copyOf(slow)) {
                    try {
                        socket.getOutputStream().write('x');
                    } catch (IOException closedByTheServer) {
                        // Cut: nothing more to send there.
                    }
                }
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "trickle");
        List<CompletableFuture<String>> answers = new ArrayList<>();
        List<CompletableFuture<Void>> answered = new ArrayList<>();
        long started = System.nanoTime();
        try {
            for (Map.Entry<String, String> head : heads.entrySet()) {
                for (int i = 0; i < counts.get(head.getKey()); i++) {
                    Socket socket = connect(0);
                    socket.getOutputStream().write(head.getValue().getBytes(StandardCharsets.ISO_8859_1));
                    slow.add(socket);
                    shapeOf.add(head.getKey());
                    CompletableFuture<Void> first = new CompletableFuture<>();
                    answered.add(first);
                    answers.add(CompletableFuture.supplyAsync(() -> readAnswer(socket, 30_000, first), readers));
                }
            }
            trickle.start();
            try {
                CompletableFuture.allOf(answered.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                fail(answered.stream().filter(f -> !f.isDone()).count() + " of " + slow.size()
                        + " trickling clients neither answered nor closed after 30 s, on " + server());
            }
            double cut = (System.nanoTime() - started) / 1e9;
            HttpResponse<String> meanwhile = send(HttpRequest.newBuilder(uri("blocking/hello"))
                    .timeout(Duration.ofSeconds(20)).build());
            assertEquals(200, meanwhile.statusCode(), "a fresh request while " + slow.size() + " clients trickle, on " + server());
            List<Executable> checks = new ArrayList<>();
            for (int i = 0; i < answers.size(); i++) {
                String shape = shapeOf.get(i);
                CompletableFuture<String> answer = answers.get(i);
                checks.add(() -> {
                    String said = answer.get();
                    List<Integer> statuses = RawAnswers.statuses(said);
                    String what = shape + " on " + server() + ": " + statuses + "\n" + said;
                    assertTrue(!said.startsWith("still open"), what);
                    assertTrue(statuses.size() <= 1 && (statuses.isEmpty() || statuses.get(0) == 408 || statuses.get(0) == 400), what);
                    // An empty refusal is the server's own, before the WAR saw the request (GlassFish's to a GET with a body).
                    assertTrue(statuses.isEmpty() || said.contains("\"status\":" + statuses.get(0)) || said.endsWith("\r\n\r\n"),
                            "not Trainyard's JSON: " + what);
                });
            }
            assertAll(checks);
            assertTrue(fallsTo("trainyard_request_threads_busy", 1), "request threads still busy on " + server());
            assertTrue(openFallsTo(0), "async requests left open on " + server());
            System.out.printf(Locale.ROOT, "%s: %d trickling clients answered or closed after %.1f s, all of them whole after %.1f s%n",
                    server(), slow.size(), cut, (System.nanoTime() - started) / 1e9);
        } finally {
            trickling.set(false);
            trickle.interrupt();
            trickle.join();
            for (Socket socket : slow) {
                socket.close();
            }
            readers.shutdownNow();
        }
    }

    /**
     * What the server sent on {@code socket} until it closed the connection (a reset after its
     * last byte read as the close) or one answer was whole, or "still open" after {@code millis};
     * {@code first} completes at the first byte or the close, whichever comes first.
     */
    private static String readAnswer(Socket socket, int millis, CompletableFuture<Void> first) {
        try {
            socket.setSoTimeout(millis);
            return RawAnswers.read(socket, true, () -> first.complete(null));
        } catch (SocketTimeoutException open) {
            return "still open after " + millis + " ms";
        } catch (IOException closed) {
            return "";
        } finally {
            first.complete(null);
        }
    }

    private String exchangeOrSay(String bytes, boolean closeOurSide) {
        try {
            return exchange(bytes, closeOurSide, true);
        } catch (IOException e) {
            return "no answer: " + e;
        }
    }
}
