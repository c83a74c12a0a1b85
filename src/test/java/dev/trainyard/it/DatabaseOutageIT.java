package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.DATABASE;
import static dev.trainyard.it.support.Needs.Need.DESTRUCTIVE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.Needs;
import dev.trainyard.testdb.TestDatabase;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Takes the database down under a deployed WAR: every database endpoint answers 503 with
 * Retry-After and a short JSON message (no stack trace, no hang), the no-database endpoint keeps
 * serving, a failed request adds nothing, and the server recovers without a redeploy once the
 * database is back.
 */
@Needs({DESTRUCTIVE, DATABASE})
class DatabaseOutageIT extends EndpointTest {

    private static final int ID = switch (server()) {
        case "tomcat" -> 1100;
        case "jetty" -> 2100;
        case "glassfish" -> 3100;
        default -> 4100;
    };

    @Test
    void outageIsA503AndTheServerRecovers() throws Exception {
        assumeTrue(TestDatabase.isEmbedded(), "needs the embedded database, which this JVM can stop");
        assertEquals(200, get("blocking/entry?id=" + ID).statusCode(), "warm: the pool holds open connections");
        assertEquals(200, get("blocking/store/c4").statusCode());
        assertEquals(200, get("async/r2dbc/store/c4").statusCode(), "warm: the R2DBC pool holds an open connection");
        int before = views();

        TestDatabase.stopEmbedded();
        try {
            // Every style on either driver, and the async stream, whose error must be written through its
            // non-blocking output (it answered an empty 503 when the database failed before the
            // first byte). All at once, as an outage meets them: a pool that waits out its bound
            // (HikariCP on Jetty waits 5 s for a connection that cannot come) answers them together.
            List<String> paths = List.of("blocking/entry?id=" + ID, "blocking/store/c4", "blocking/store/s2?productId=1",
                    "blocking/products?count=10", "async/entry?id=" + ID, "async/store/c4", "async/products?count=10",
                    "train/entry?id=" + ID, "train/store/s2?productId=1",
                    "blocking/r2dbc/store/c4", "async/r2dbc/store/c4", "async/r2dbc/store/s2?productId=1",
                    "blocking/r2dbc/products?count=10", "async/r2dbc/products?count=10",
                    "blocking/r2dbc/entry?id=" + ID, "async/r2dbc/entry?id=" + ID);
            long start = System.nanoTime();
            List<CompletableFuture<Answered>> sent = paths.stream()
                    .map(path -> getAsync(path).thenApply(response -> new Answered(path, response, System.nanoTime() - start)))
                    .toList();
            for (CompletableFuture<Answered> each : sent) {
                Answered answered = each.join();
                String path = answered.path();
                HttpResponse<String> response = answered.response();
                assertEquals(503, response.statusCode(), path + " on " + server() + ": " + response.body());
                assertTrue(response.headers().firstValue("Retry-After").isPresent(), path + ": Retry-After");
                assertEquals("database unavailable", object(response).getString("message"), path);
                assertFalse(response.body().contains("Exception"), path + " leaks internals: " + response.body());
                // A hang guard, not a speed target: the pools give up after 5 s.
                long seconds = TimeUnit.NANOSECONDS.toSeconds(answered.nanos());
                assertTrue(seconds < 30, path + " took " + seconds + " s");
            }
            assertEquals(200, get("blocking/hello").statusCode(), "no-database endpoint unaffected");
            assertEquals(400, get("blocking/entry?id=abc").statusCode(), "validation unaffected");
        } finally {
            TestDatabase.restartEmbedded();
        }

        HttpResponse<String> back = get("blocking/entry?id=" + ID);
        assertEquals(200, back.statusCode(), "first request after the database returned: " + back.body());
        assertEquals(before + 1, views(), "the failed request added no view, the successful one exactly one");
        assertEquals(200, get("blocking/store/c4").statusCode());
        assertEquals(200, get("blocking/r2dbc/store/c4").statusCode(), "the R2DBC pool recovered by itself");
        assertEquals(200, get("async/r2dbc/store/c4").statusCode());
        assertEquals(10, array(ok("async/r2dbc/products?count=10")).size(), "the R2DBC stream recovered by itself");
    }

    /** One answer during the outage, and how long after the burst was sent it came. */
    private record Answered(String path, HttpResponse<String> response, long nanos) {
    }

    private static int views() throws SQLException {
        try (Connection c = database(); PreparedStatement ps = c.prepareStatement("SELECT views FROM trentry WHERE id = ?")) {
            ps.setInt(1, ID);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                return rs.getInt(1);
            }
        }
    }
}
