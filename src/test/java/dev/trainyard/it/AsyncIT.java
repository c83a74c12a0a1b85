package dev.trainyard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.EndpointTest;
import jakarta.json.JsonObject;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The async style on a real server: the same answers as the blocking twins, a full bounded pool
 * refusing at once with 503 and Retry-After, the default pool's queue timing requests out, large
 * bodies through the WriteListener intact, and no async request left open afterwards. The
 * servers run with it-settings.properties (small pools, a 2 s timeout, an 8 MB upload limit).
 */
class AsyncIT extends EndpointTest {

    @Test
    void helloAndSleepGoAsync() {
        JsonObject hello = object(ok("async/hello"));
        assertEquals("async", hello.getString("style"));
        long start = System.nanoTime();
        JsonObject slept = object(ok("async/sleep?ms=120"));
        assertTrue((System.nanoTime() - start) / 1_000_000 >= 120, "answered before its sleep ended");
        assertEquals(120, slept.getInt("slept"));
    }

    @Test
    void everyOffloadPoolAnswers() {
        for (String pool : List.of("default", "bounded", "oversized")) {
            assertEquals(pool, object(ok("async/offload/sleep?ms=10&pool=" + pool)).getString("pool"));
        }
        // Offered where the server's JVM has virtual threads (JDK 21+), refused with a reason elsewhere.
        boolean available = metric("trainyard_jvm_virtual_threads_available") == 1;
        HttpResponse<String> virtual = get("async/offload/sleep?ms=10&pool=virtual");
        if (available) {
            assertEquals(200, virtual.statusCode(), virtual.body());
            assertEquals("virtual", object(virtual).getString("thread"), "a virtual pool runs on virtual threads");
        } else {
            assertEquals(400, virtual.statusCode(), virtual.body());
            assertTrue(object(virtual).getString("message").contains("Java 21+"), virtual.body());
        }
    }

    @Test
    void aFullBoundedPoolRefusesAtOnce() throws Exception {
        // 4 threads and a queue of 4 hold 8; five times that arrives: the rest must be refused, not queued.
        List<HttpResponse<String>> answers = concurrently(40, "async/offload/sleep?pool=bounded&ms=1500");
        long refused = answers.stream().filter(r -> r.statusCode() == 503).count();
        long served = answers.stream().filter(r -> r.statusCode() == 200).count();
        assertEquals(40, refused + served, "only 200 or 503");
        assertTrue(served >= 1 && served <= 8, "served " + served);
        for (HttpResponse<String> r : answers) {
            if (r.statusCode() == 503) {
                assertEquals("1", r.headers().firstValue("Retry-After").orElse(""));
                assertTrue(object(r).getString("message").contains("bounded executor is full"), r.body());
            }
        }
        assertTrue(metric("trainyard_executor_rejected_total", "executor=\"bounded\"") >= refused);
    }

    @Test
    void theDefaultPoolsQueueTimesRequestsOut() throws Exception {
        // 2 threads, an unbounded queue, a budget of 2 s + the 1.8 s sleep: pairs start at 0, 1.8,
        // 3.6 and 5.4 s, so the third pair overruns (504) and the fourth never runs (503).
        List<HttpResponse<String>> answers = concurrently(8, "async/offload/sleep?pool=default&ms=1800");
        long timedOut = answers.stream().filter(r -> (r.statusCode() == 503 || r.statusCode() == 504)
                && object(r).getString("message").startsWith("timed out")).count();
        long served = answers.stream().filter(r -> r.statusCode() == 200).count();
        assertEquals(8, timedOut + served, "only answers or timeouts: "
                + answers.stream().map(r -> r.statusCode() + " " + r.body()).toList());
        assertTrue(served >= 2, "the first pair is served");
        assertTrue(timedOut >= 2, "the unbounded queue made requests wait past their timeout");
    }

    @Test
    void databaseTwinsAnswerLikeTheBlockingOnes() {
        int id = switch (server()) {
            case "tomcat" -> 1200;
            case "jetty" -> 2200;
            case "glassfish" -> 3200;
            default -> 4200;
        };
        int views = object(ok("blocking/entry?id=" + id)).getInt("views");
        JsonObject async = object(ok("async/entry?id=" + id));
        assertEquals(views + 1, async.getInt("views"));
        assertEquals("async", async.getString("style"));
        assertEquals(404, get("async/entry?id=999999999").statusCode());
        for (String query : List.of("s1?type=E", "s2?productId=3", "s3", "s4?from=2022-06-01&to=2022-06-30", "c1", "c2", "c3", "c4")) {
            assertEquals(ok("blocking/store/" + query).body(), ok("async/store/" + query).body(), query);
        }
        assertEquals(404, get("async/store/s2?productId=99999999").statusCode());
    }

    @Test
    void productsThroughTheWriteListenerAreByteIdentical() {
        for (int count : new int[] {0, 1, 1999, 2000, 2001, 30_000}) {
            HttpResponse<String> blocking = ok("blocking/products?count=" + count);
            HttpResponse<String> async = ok("async/products?count=" + count);
            assertEquals(blocking.body().length(), async.body().length(), "length, count=" + count);
            assertEquals(blocking.body(), async.body(), "bytes, count=" + count);
        }
    }

    @Test
    void concurrentStreamsEachArriveWhole() throws Exception {
        // Several pages per stream, several streams at once: every page boundary and the final
        // completion race the container's own write-possible events. 19,999 products end on a
        // nearly full page, so the last write is large and the container still holds part of it
        // when the stream is done: a stream completed then arrived short (Tomcat 10.1).
        String all = "products?count=19999";
        String expected = sha256(ok("blocking/" + all).body());
        ExecutorService clients = Executors.newFixedThreadPool(6);
        try {
            List<Future<String>> downloads = new ArrayList<>();
            for (int i = 0; i < 36; i++) {
                downloads.add(clients.submit(() -> sha256(ok("async/" + all).body())));
            }
            for (Future<String> download : downloads) {
                assertEquals(expected, download.get(), "an async stream differs from the blocking one");
            }
        } finally {
            clients.shutdownNow();
        }
    }

    private static String sha256(String body) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body.getBytes(StandardCharsets.UTF_8)));
    }


    @Test
    void badInputIs400AndWrongMethods405() {
        assertEquals(400, get("async/sleep?ms=-1").statusCode());
        assertEquals(400, get("async/offload/sleep?pool=huge").statusCode());
        assertEquals(400, get("async/entry?id=1%27%20OR%201=1").statusCode());
        assertEquals(400, get("async/store/s4?from=2022-01-01").statusCode());
        assertEquals(400, get("async/products").statusCode());
        assertEquals(404, get("async/store/x1").statusCode());
        assertEquals(405, request("DELETE", "async/hello").statusCode());
    }

    @Test
    void noAsyncRequestIsLeftOpen() throws Exception {
        concurrently(20, "async/sleep?ms=50");
        // onComplete may run just after the client has its answer: look a few times, bounded.
        double open = -1;
        for (int i = 0; i < 50 && open != 0; i++) {
            open = metric("trainyard_async_open_requests");
            if (open != 0) {
                Thread.sleep(100);
            }
        }
        assertEquals(0, open, "open async requests after the load");
    }

    @Test
    void aClientThatLeavesMidStreamLeavesNothingOpen() throws Exception {
        double before = metric("trainyard_async_open_requests");
        try (Socket socket = productsReader()) {
            assertTrue(socket.getInputStream().readNBytes(1024).length == 1024, "the stream started");
        }
        // Tomcat may take complete() for a dead connection without calling onComplete back: the
        // count must not wait for it.
        assertTrue(openFallsTo(before), "open async requests after the client left");
    }

    @Test
    void aReaderThatStopsReadingIsCutOffAfterTheStallBound() throws Exception {
        double before = metric("trainyard_async_open_requests");
        double timeouts = metric("trainyard_async_timeouts_total", "outcome=\"cut\"");
        try (Socket socket = productsReader()) {
            assertTrue(socket.getInputStream().readNBytes(1024).length == 1024, "the stream started");
            // Reads nothing more but stays connected: the server's buffers fill and it stalls.
            assertTrue(openFallsTo(before), "a stalled stream still open after its 2 s bound (it-settings)");
            // Tomcat and Jetty push back when the reader stops, so the stream stalls and is cut.
            // GlassFish (Grizzly) takes the whole answer into its own write queue instead: the
            // stream ends at once, nothing stalls, and only the open count can be checked.
            if (!server().equals("glassfish")) {
                assertTrue(metric("trainyard_async_timeouts_total", "outcome=\"cut\"") > timeouts, "the cut is counted with the timeouts");
            }
        }
    }

    @Test
    void aSlowReaderGetsTheWholeStream() throws Exception {
        // A small receive window keeps the server's socket full, so the container holds back part
        // of nearly every write, the last one included: the stream may end only once that has
        // gone out. Completed earlier, it arrived short by its last bytes on Tomcat 10.1.
        byte[] expected = ok("blocking/products?count=19999").body().getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 3; i++) {
            byte[] body = readThroughSmallWindow("async/products?count=19999");
            assertEquals(expected.length, body.length, "length through a small window, try " + i);
            assertTrue(Arrays.equals(expected, body), "bytes through a small window, try " + i);
        }
    }

    /** The body of an HTTP/1.0 GET (no chunking: it ends when the server closes), read through a 4 KB window. */
    private byte[] readThroughSmallWindow(String path) throws Exception {
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096);
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + uri(path).getRawPath() + "?" + uri(path).getRawQuery()
                    + " HTTP/1.0\r\nHost: " + base.getHost() + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            byte[] response = socket.getInputStream().readAllBytes();
            String text = new String(response, StandardCharsets.ISO_8859_1);
            int headEnd = text.indexOf("\r\n\r\n");
            assertTrue(headEnd > 0 && text.startsWith("HTTP/1.") && text.substring(8, 13).equals(" 200 "),
                    "a 200 with headers: " + text.substring(0, Math.min(200, text.length())));
            return Arrays.copyOfRange(response, headEnd + 4, response.length);
        }
    }

    /** Asks for more products than any socket buffer holds, reading through a small window. */
    private Socket productsReader() throws Exception {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4096);
        socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
        socket.setSoTimeout(10_000);
        socket.getOutputStream().write(("GET " + uri("async/products?count=300000").getRawPath() + "?count=300000 HTTP/1.1\r\nHost: "
                + base.getHost() + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }


    private HttpResponse<String> ok(String path) {
        HttpResponse<String> response = get(path);
        assertEquals(200, response.statusCode(), path + " on " + server() + ": " + response.body());
        return response;
    }


    private List<HttpResponse<String>> concurrently(int n, String path) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(n);
        try {
            List<Future<HttpResponse<String>>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                futures.add(clients.submit(() -> get(path)));
            }
            List<HttpResponse<String>> answers = new ArrayList<>();
            for (Future<HttpResponse<String>> f : futures) {
                answers.add(f.get());
            }
            return answers;
        } finally {
            clients.shutdownNow();
        }
    }

}
