package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.DATABASE;
import static dev.trainyard.it.support.Needs.Need.DESTRUCTIVE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.Needs;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class EntryIT extends EndpointTest {

    /** Different servers touch different rows, so a rerun against a kept database stays exact. */
    private static int idFor(int offset) {
        return switch (server()) {
            case "tomcat" -> 1000 + offset;
            case "jetty" -> 2000 + offset;
            case "glassfish" -> 3000 + offset;
            default -> 4000 + offset;
        };
    }

    @Needs({DESTRUCTIVE, DATABASE})
    @Test
    void entryReturnsTheRowWithItsNewViewCount() throws SQLException {
        int id = idFor(1);
        String[] row = row(id);
        int before = views(id);
        HttpResponse<String> response = get("blocking/entry?id=" + id);
        assertEquals(200, response.statusCode(), response.body());
        JsonObject entry = object(response);
        assertEquals(id, entry.getInt("id"));
        assertEquals(row[0], entry.getString("name"));
        assertEquals(row[1], entry.getString("descr"));
        assertEquals(before + 1, entry.getInt("views"));
        assertEquals(before + 1, views(id));
    }

    @Needs({DESTRUCTIVE, DATABASE})
    @Test
    void hundredConcurrentRequestsOnOneIdAddExactlyHundredViews() throws Exception {
        // On either driver: the blocking JDBC servlet, the hybrid and the fully non-blocking R2DBC path.
        List<String> paths = List.of("blocking/entry", "blocking/r2dbc/entry", "async/r2dbc/entry");
        for (int p = 0; p < paths.size(); p++) {
            String path = paths.get(p);
            int id = idFor(p == 0 ? 2 : 10 + p);
            int before = views(id);
            ExecutorService clients = Executors.newFixedThreadPool(20);
            try {
                List<Future<Integer>> answers = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    answers.add(clients.submit(() -> get(path + "?id=" + id).statusCode()));
                }
                for (Future<Integer> answer : answers) {
                    assertEquals(200, answer.get(), path);
                }
            } finally {
                clients.shutdownNow();
            }
            assertEquals(before + 100, views(id), path + ": every successful request adds exactly one view");
        }
    }

    @Needs({DESTRUCTIVE, DATABASE})
    @Test
    void entryWithoutIdPicksAnExistingRow() throws SQLException {
        HttpResponse<String> response = get("blocking/entry");
        assertEquals(200, response.statusCode(), response.body());
        int id = object(response).getInt("id");
        assertTrue(id >= 1 && id <= 250_000, "random id " + id);
        assertEquals(row(id)[0], object(response).getString("name"));
    }

    @Test
    void unknownIdIs404AndAddsNothing() {
        HttpResponse<String> response = get("blocking/entry?id=250001");
        assertEquals(404, response.statusCode(), response.body());
        assertTrue(object(response).getString("message").contains("250001"));
    }

    @Needs({DESTRUCTIVE, DATABASE})
    @Test
    void browsersGetTheSeedsHtmlPage() throws SQLException {
        int id = idFor(3);
        HttpResponse<String> response = get("blocking/entry?id=" + id, "Accept", "text/html,application/xhtml+xml");
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertTrue(response.body().contains("<h1>Entry " + id + "</h1>"), response.body());
        assertTrue(response.body().contains("<dd>" + views(id) + "</dd>"), response.body());
    }

    private static int views(int id) throws SQLException {
        try (Connection c = database(); PreparedStatement ps = c.prepareStatement("SELECT views FROM trentry WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), "row " + id + " exists");
                return rs.getInt(1);
            }
        }
    }

    private static String[] row(int id) throws SQLException {
        try (Connection c = database(); PreparedStatement ps = c.prepareStatement("SELECT name, descr FROM trentry WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), "row " + id + " exists");
                return new String[] {rs.getString(1).stripTrailing(), rs.getString(2)};
            }
        }
    }

    @Needs(DESTRUCTIVE)
    @Test
    void theAsyncEntryAddsAViewLikeTheBlockingOne() {
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
        // The same answers on the non-blocking driver, in either web style, HEAD included.
        JsonObject hybrid = object(ok("blocking/r2dbc/entry?id=" + id));
        assertEquals(views + 2, hybrid.getInt("views"));
        assertEquals("blocking", hybrid.getString("style"));
        JsonObject r2dbc = object(ok("async/r2dbc/entry?id=" + id));
        assertEquals(views + 3, r2dbc.getInt("views"));
        assertEquals("async", r2dbc.getString("style"));
        assertEquals(async.getString("name"), r2dbc.getString("name"), "the name without its padding");
        for (String path : List.of("blocking/r2dbc/entry", "async/r2dbc/entry")) {
            assertEquals(404, get(path + "?id=999999999").statusCode(), path);
            assertEquals(200, request("HEAD", path + "?id=" + id).statusCode(), "HEAD " + path);
            assertEquals(404, request("HEAD", path + "?id=999999999").statusCode(), "HEAD " + path + " of a missing row");
        }
        assertEquals(views + 4, object(ok("async/r2dbc/entry?id=" + id)).getInt("views"), "HEAD added no view");
        for (String path : List.of("blocking/r2dbc/entry", "async/r2dbc/entry")) {
            assertTrue(object(ok(path)).getInt("id") > 0, path + " without an id picks a row");
        }
    }
}
