package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.DATABASE;
import static dev.trainyard.it.support.Needs.Need.DESTRUCTIVE;
import static dev.trainyard.it.support.Needs.Need.SUITE_SETTINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.LeavesTheServerIdle;
import dev.trainyard.it.support.Needs;
import dev.trainyard.it.support.NothingTouchedAfterItEnded;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith({NothingTouchedAfterItEnded.class, LeavesTheServerIdle.class})
class ProductsIT extends EndpointTest {

    @Test
    void zeroProductsIsAnEmptyArray() {
        HttpResponse<String> response = get("blocking/products?count=0");
        assertEquals(200, response.statusCode(), response.body());
        assertEquals(0, array(response).size());
    }

    @Needs(DATABASE)
    @Test
    void firstProductsComeInIdOrderWithTheirData() throws SQLException {
        HttpResponse<String> response = get("blocking/products?count=500");
        assertEquals(200, response.statusCode(), response.body());
        JsonArray products = array(response);
        assertEquals(500, products.size());
        for (int i = 0; i < products.size(); i++) {
            assertEquals(i + 1, products.getJsonObject(i).getInt("id"));
        }
        JsonObject p42 = products.getJsonObject(41);
        try (Connection c = database();
             PreparedStatement ps = c.prepareStatement("SELECT name, price, cost, category_id FROM product WHERE id = 42")) {
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(rs.getString(1), p42.getString("name"));
                assertEquals(0, rs.getBigDecimal(2).compareTo(p42.getJsonNumber("price").bigDecimalValue()));
                assertEquals(0, rs.getBigDecimal(3).compareTo(p42.getJsonNumber("cost").bigDecimalValue()));
                assertEquals(rs.getInt(4), p42.getInt("categoryId"));
            }
        }
    }

    @Needs(DATABASE)
    @Test
    void theWholeCatalogueStreamsInOneResponse() throws SQLException {
        int all;
        try (Connection c = database(); PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM product");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            all = rs.getInt(1);
        }
        // Ask for more than there are: the answer is every product, several MB, with no length
        // known up front (it is written as the cursor reads).
        HttpResponse<String> response = get("blocking/products?count=" + (all + 1000));
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Length").isEmpty(), "streamed, not buffered");
        JsonArray products = array(response);
        assertEquals(all, products.size());
        assertEquals(all, products.getJsonObject(all - 1).getInt("id"));
        assertTrue(products.getJsonObject(all - 1).getJsonNumber("price").bigDecimalValue().compareTo(BigDecimal.ZERO) > 0);
    }

    @Test
    void everyStyleOnEitherDriverStreamsTheSameBytes() {
        // Page boundaries (2,000 rows a page) and the R2DBC cursor's fetches fall inside these counts.
        for (int count : new int[] {0, 1, 1999, 2000, 2001, 30_000}) {
            HttpResponse<String> blocking = ok("blocking/products?count=" + count);
            for (String path : List.of("async/products", "async/r2dbc/products", "blocking/r2dbc/products")) {
                HttpResponse<String> other = ok(path + "?count=" + count);
                assertEquals(blocking.body().length(), other.body().length(), path + " length, count=" + count);
                assertEquals(blocking.body(), other.body(), path + " bytes, count=" + count);
            }
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
                // The JDBC pages and the R2DBC cursor, whose pages arrive on the driver's event loop.
                String path = (i % 2 == 0 ? "async/" : "async/r2dbc/") + all;
                downloads.add(clients.submit(() -> sha256(ok(path).body())));
            }
            for (Future<String> download : downloads) {
                assertEquals(expected, download.get(), "an async stream differs from the blocking one");
            }
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void manyShortStreamsAtOnceAreEachAnsweredAndClosed() throws Exception {
        // A stream's first page that came back while the container was still busy with its
        // request once met Tomcat's lock on the connection in a deadlock: the request was never
        // answered and stayed open. Short streams, many at once, make that moment frequent; the
        // race is rare, so this catches it only sometimes, and a hang here is never noise.
        double before = metric("trainyard_async_open_requests");
        ExecutorService clients = Executors.newFixedThreadPool(12);
        try {
            List<Future<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < 1200; i++) {
                String path = "async/products?count=" + (i % 2);
                answers.add(clients.submit(() -> ok(path)));
            }
            for (int i = 0; i < answers.size(); i++) {
                assertEquals(i % 2, array(answers.get(i).get()).size(), "stream " + i);
            }
        } finally {
            clients.shutdownNow();
        }
        assertTrue(openFallsTo(before), "open async requests after many short streams");
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
    void aClientThatLeavesAnR2dbcStreamReturnsItsConnection() throws Exception {
        for (String path : List.of("async/r2dbc/products", "blocking/r2dbc/products")) {
            double acquired = metric("trainyard_r2dbc_connections_acquired");
            double idle = metric("trainyard_r2dbc_connections_idle");
            try (Socket socket = productsReader(path)) {
                assertEquals(1024, socket.getInputStream().readNBytes(1024).length, path + ": the stream started");
            }
            assertTrue(fallsTo("trainyard_r2dbc_connections_acquired", acquired), path + ": its connection is back in the pool");
            assertTrue(metric("trainyard_r2dbc_connections_idle") >= idle, path + ": idle connections back to their start");
        }
    }

    @Needs({SUITE_SETTINGS, DATABASE})
    @Test
    void aStalledReaderStopsTheR2dbcCursorUntilItsStreamIsCut() throws Exception {
        double before = metric("trainyard_async_open_requests");
        double acquired = metric("trainyard_r2dbc_connections_acquired");
        try (Socket socket = productsReader("async/r2dbc/products")) {
            assertEquals(1024, socket.getInputStream().readNBytes(1024).length, "the stream started");
            // Reads nothing more: the stream fetches no more rows, so the database's backend waits
            // for us with the cursor open mid-way, until the stall bound cuts the stream. Without that
            // back-pressure the cursor would have run to its end long before the cut. The last look
            // counts only if the stream was still open after it (the cut closes the cursor).
            String last = "never looked";
            for (int i = 0; i < 100; i++) {
                String backend = cursorBackend();
                if (metric("trainyard_async_open_requests") <= before) {
                    break;
                }
                last = backend;
                Thread.sleep(100);
            }
            assertTrue(openFallsTo(before), "a stalled stream still open after its 2 s bound (it-settings)");
            // GlassFish (Grizzly) takes the whole answer into its own write queue: the stream is never
            // held back by its reader there, and only the connection's return can be checked.
            if (!server().equals("glassfish")) {
                assertEquals("idle in transaction Client", last, "the database's backend just before the stalled stream was cut");
                assertCutShort(socket);
            }
        }
        assertTrue(fallsTo("trainyard_r2dbc_connections_acquired", acquired), "the cut stream's connection is back in the pool");
    }

    /**
     * The database ends the stream's cursor mid-way (its backend terminated) while the reader keeps
     * up: the stream is cut, never ended as if whole, and the R2DBC pool serves again by itself.
     * GlassFish queues the whole answer at once (see above), so no cut can land mid-way there.
     */
    @Needs({SUITE_SETTINGS, DATABASE, DESTRUCTIVE})
    @Test
    void aStreamWhoseDatabaseFailsMidwayIsCutNotEndedAsWhole() throws Exception {
        assumeFalse(server().equals("glassfish"), "GlassFish queues the whole stream before its reader reads it");
        try (Socket socket = productsReader("async/r2dbc/products")) {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[16384];
            long read = 0;
            boolean ended = false;
            // A slow reader that never stalls for the stall bound: only the database can end this stream.
            while (!ended) {
                int n = in.read(buffer);
                assertTrue(n > 0, "the stream ended before its database failed, after " + read + " bytes");
                read += n;
                if (read > 256 * 1024) {
                    ended = terminateCursorBackend();
                }
                Thread.sleep(20);
            }
            assertCutShort(socket);
        }
        // The pool may still hand out the connection whose backend was ended, once: that request is
        // answered 503 with Trainyard's JSON, and the pool serves again by itself.
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        HttpResponse<String> next = get("async/r2dbc/products?count=10");
        while (next.statusCode() != 200) {
            assertEquals(503, next.statusCode(), "after the cut: " + next.body());
            assertEquals("database unavailable", object(next).getString("message"));
            assertTrue(System.nanoTime() < deadline, "the R2DBC pool did not serve again within 10 s of the cut");
            Thread.sleep(100);
            next = get("async/r2dbc/products?count=10");
        }
        assertEquals(10, array(next).size(), "the R2DBC pool serves the next stream");
    }

    /** Where the R2DBC products cursor is open: its backend's last statement a fetch of it, its transaction not ended. */
    private static final String CURSOR_BACKEND = " FROM pg_stat_activity WHERE application_name = 'trainyard-r2dbc'"
            + " AND query LIKE 'FETCH FORWARD % FROM trainyard_products' AND state <> 'idle'";

    /** Ends the backend holding the R2DBC products cursor; false when none holds it. */
    private static boolean terminateCursorBackend() throws SQLException {
        try (Connection c = database(); PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM (SELECT pg_terminate_backend(pid)"
                + CURSOR_BACKEND + ") ended");
             ResultSet rs = ps.executeQuery()) {
            return rs.next() && rs.getInt(1) > 0;
        }
    }

    /** State and wait of the backend holding the R2DBC products cursor, "none" when none holds it. */
    private static String cursorBackend() throws SQLException {
        try (Connection c = database(); PreparedStatement ps = c.prepareStatement("SELECT state, coalesce(wait_event_type, '-')" + CURSOR_BACKEND);
             ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getString(1) + " " + rs.getString(2) : "none";
        }
    }

    @Needs(SUITE_SETTINGS)
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
                assertCutShort(socket);
            }
        }
    }

    /**
     * Reads what is left of a stream that was cut: its connection must end, closed or reset, and
     * never with HTTP/1.1's terminating chunk, which would tell the client that the part it got
     * is the whole answer.
     */
    private void assertCutShort(Socket socket) throws IOException {
        socket.setSoTimeout(10_000);
        byte[] buffer = new byte[65536];
        byte[] last = new byte[0];
        String end;
        try {
            InputStream in = socket.getInputStream();
            int n;
            while ((n = in.read(buffer)) >= 0) {
                byte[] joined = Arrays.copyOf(last, last.length + n);
                System.arraycopy(buffer, 0, joined, last.length, n);
                last = Arrays.copyOfRange(joined, Math.max(0, joined.length - 16), joined.length);
            }
            end = "closed";
        } catch (SocketTimeoutException open) {
            end = "still open 10 s after the cut";
        } catch (IOException broken) {
            // A reset, or over TLS a close without close_notify: the client sees the stream broken.
            end = "reset";
        }
        String tail = new String(last, StandardCharsets.ISO_8859_1);
        assertFalse(tail.endsWith("\r\n0\r\n\r\n"), server() + ": a cut stream ended with the terminating chunk, as if whole (" + end + ")");
        assertTrue(end.equals("closed") || end.equals("reset"), server() + ": the cut stream's connection is " + end);
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

    private byte[] readThroughSmallWindow(String path) throws Exception {
        try (Socket socket = connect(4096)) {
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

    private Socket productsReader() throws Exception {
        return productsReader("async/products");
    }

    private Socket productsReader(String path) throws Exception {
        Socket socket = connect(4096);
        socket.setSoTimeout(10_000);
        socket.getOutputStream().write(("GET " + uri(path).getRawPath() + "?count=300000 HTTP/1.1\r\nHost: "
                + base.getHost() + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }

    private static String sha256(String body) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body.getBytes(StandardCharsets.UTF_8)));
    }
}
