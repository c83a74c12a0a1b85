package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.DATABASE;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.LeavesTheServerIdle;
import dev.trainyard.it.support.Needs;
import dev.trainyard.it.support.NothingTouchedAfterItEnded;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;

/**
 * A corpus of bad requests: every one gets a 4xx that says what was wrong, none a 5xx, and none
 * changes the data.
 */
@ExtendWith({NothingTouchedAfterItEnded.class, LeavesTheServerIdle.class})
class BadInputIT extends EndpointTest {

    private static final List<String> NOT_AN_INT = List.of(
            "abc", "-1", "0", "1.5", "1e9", "", " ", "99999999999999999999", "2147483648",
            "1;DROP TABLE trentry", "1' OR '1'='1", "1 OR 1=1", "0x10", "1%00", "<script>");

    private static final String[] ENDPOINTS = {
        "blocking/hello", "blocking/sleep", "blocking/entry", "blocking/products", "blocking/store/s1"};

    @Test
    void badNumbersAre400AndNameTheParameter() {
        List<Executable> checks = new ArrayList<>();
        for (String bad : NOT_AN_INT) {
            checks.add(() -> expect400("blocking/entry?id=" + enc(bad), "'id'"));
            checks.add(() -> expect400("blocking/store/s2?productId=" + enc(bad), "'productId'"));
            if (!bad.equals("0")) {
                // Zero is a valid sleep and a valid count.
                checks.add(() -> expect400("blocking/sleep?ms=" + enc(bad), "'ms'"));
                checks.add(() -> expect400("blocking/products?count=" + enc(bad), "'count'"));
            }
        }
        checks.add(() -> expect400("blocking/sleep?ms=60001", "'ms'"));
        checks.add(() -> expect400("blocking/products?count=1000001", "'count'"));
        checks.add(() -> expect400("blocking/products", "'count'"));
        checks.add(() -> expect400("blocking/store/s2", "'productId'"));
        assertAll(checks);
    }

    @Test
    void badChoicesAndDatesAre400() {
        List<Executable> checks = new ArrayList<>();
        for (String bad : List.of("", "X", "c", "CE", "C' OR 'x'='x", "C;DELETE FROM item")) {
            checks.add(() -> expect400("blocking/store/s1?type=" + enc(bad), "'type'"));
        }
        checks.add(() -> expect400("blocking/store/s1", "'type'"));
        for (String bad : List.of("", "2021-13-01", "2021-02-30", "yesterday", "1800-01-01", "2021-01-01' OR 1=1")) {
            checks.add(() -> expect400("blocking/store/s4?from=" + enc(bad) + "&to=2021-02-01", "'from'"));
        }
        checks.add(() -> expect400("blocking/store/s4?from=2021-01-01", "'to'"));
        checks.add(() -> expect400("blocking/store/s4?from=2021-05-01&to=2021-04-01", "'to'"));
        checks.add(() -> expect400("blocking/store/s4?from=2019-01-01&to=2021-01-01", "days apart"));
        assertAll(checks);
    }

    @Test
    void controlCharactersAreRejectedWith4xx() {
        // The container may refuse these before the WAR sees them; either way, never a 5xx.
        for (String path : List.of("blocking/entry?id=%00", "blocking/store/s1?type=%0A", "blocking/sleep?ms=%FF%FE")) {
            int status = get(path).statusCode();
            assertTrue(status >= 400 && status < 500, path + " on " + server() + " answered " + status);
        }
    }

    @Test
    void wrongMethodsAre405WithAllow() {
        List<Executable> checks = new ArrayList<>();
        for (String endpoint : ENDPOINTS) {
            for (String method : List.of("POST", "PUT", "DELETE", "PATCH")) {
                checks.add(() -> {
                    HttpResponse<String> response = request(method, endpoint + "?type=C&count=1");
                    assertEquals(405, response.statusCode(), method + " " + endpoint + ": " + response.body());
                    assertEquals("GET, HEAD", response.headers().firstValue("Allow").orElse(""), method + " " + endpoint);
                });
            }
        }
        assertAll(checks);
    }

    @Needs(DATABASE)
    @Test
    void nothingWasDroppedOrChanged() throws SQLException {
        badNumbersAre400AndNameTheParameter();
        badChoicesAndDatesAre400();
        try (Connection c = database(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT (SELECT count(*) FROM trentry), (SELECT count(*) FROM item)")) {
            assertTrue(rs.next());
            assertEquals(250_000, rs.getInt(1));
            assertTrue(rs.getInt(2) > 0);
        }
    }

    /**
     * A query the WAR cannot read exactly (an escape that is no escape, bytes that are no UTF-8, a
     * NUL after the digits) is a 400 on every style and adds no view: the containers drop what they
     * cannot decode, and an entry that lost its id would serve, and count a view on, a random row.
     * On a raw socket: an HTTP client refuses to send such a URL at all.
     */
    @Needs(DATABASE)
    @Test
    void aQueryTheWarCannotReadExactlyIs400AndAddsNoView() throws Exception {
        long before = totalViews();
        List<Executable> checks = new ArrayList<>();
        for (String style : List.of("blocking", "async", "train", "blocking/r2dbc", "async/r2dbc")) {
            for (String query : List.of("id=%zz", "id=24131%00", "id=%", "id=24131&x=%zz", "id=%E0%A4", "id=%C0%AF")) {
                checks.add(() -> {
                    String answer = rawGet(style + "/entry?" + query);
                    assertTrue(answer.startsWith("HTTP/1.1 400 ") && answer.contains("\"status\":400"),
                            style + "/entry?" + query + " on " + server() + ": " + answer);
                });
            }
        }
        assertAll(checks);
        assertEquals(before, totalViews(), "a refused request added a view");
    }

    private String rawGet(String pathAndQuery) throws IOException {
        return exchange("GET " + base.getPath() + pathAndQuery + " HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n\r\n",
                false, false);
    }

    private static long totalViews() throws SQLException {
        try (Connection c = database(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT sum(views) FROM trentry")) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    private void expect400(String path, String mentions) {
        HttpResponse<String> response = get(path);
        assertEquals(400, response.statusCode(), path + " on " + server() + ": " + response.body());
        String message = object(response).getString("message");
        assertTrue(message.contains(mentions), path + ": message should name " + mentions + ": " + message);
    }

    private static String enc(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Test
    void theAsyncTwinsAnswer400ToBadInputAnd405ToWrongMethods() {
        assertEquals(400, get("async/sleep?ms=-1").statusCode());
        assertEquals(400, get("async/offload/sleep?pool=huge").statusCode());
        assertEquals(400, get("async/entry?id=1%27%20OR%201=1").statusCode());
        assertEquals(400, get("async/store/s4?from=2022-01-01").statusCode());
        assertEquals(400, get("async/products").statusCode());
        assertEquals(400, get("async/r2dbc/products?count=-1").statusCode());
        assertEquals(400, get("async/r2dbc/entry?id=abc").statusCode());
        assertEquals(400, get("blocking/r2dbc/entry?id=-1").statusCode());
        assertEquals(405, request("PUT", "blocking/r2dbc/entry?id=1").statusCode());
        assertEquals(400, get("blocking/r2dbc/products?count=1000001").statusCode());
        assertEquals(405, request("POST", "async/r2dbc/products?count=1").statusCode());
        assertEquals(404, get("async/store/x1").statusCode());
        assertEquals(405, request("DELETE", "async/hello").statusCode());
    }
}
