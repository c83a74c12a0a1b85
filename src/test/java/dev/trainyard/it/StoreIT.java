package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.DATABASE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.Needs;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each store query's answer, checked against the database by simpler, independent SQL (counts and
 * sums the query must agree with), not against a copy of the query itself.
 */
class StoreIT extends EndpointTest {

    @Needs(DATABASE)
    @Test
    void s1ListsEveryPartyOfTheType() throws SQLException {
        for (String type : List.of("C", "E", "S")) {
            JsonObject answer = answer("blocking/store/s1?type=" + type);
            assertEquals(count("SELECT count(*) FROM customer_employee_supplier WHERE type_ces = ?", type),
                    answer.getInt("count"));
            assertTrue(rows(answer).stream().allMatch(r -> r.getString("type").equals(type)));
        }
    }

    @Needs(DATABASE)
    @Test
    void s2ListsTheCharacteristicsOfOneProduct() throws SQLException {
        JsonObject answer = answer("blocking/store/s2?productId=7");
        assertEquals(count("SELECT count(*) FROM characteristic WHERE product_id = ?", 7), answer.getInt("count"));
        assertTrue(answer.getInt("count") >= 3);
        assertEquals(404, get("blocking/store/s2?productId=99999999").statusCode());
    }

    @Needs(DATABASE)
    @Test
    void s3FindsTheInvoiceWithTheGreatestValue() throws SQLException {
        JsonObject top = rows(answer("blocking/store/s3")).get(0);
        // The seeded total column is the sum of each invoice's items: none may exceed the answer.
        assertEquals(decimal("SELECT max(total) FROM invoice"), top.getJsonNumber("total").bigDecimalValue());
        assertEquals(decimal("SELECT total FROM invoice WHERE id = ?", top.getInt("invoiceId")),
                top.getJsonNumber("total").bigDecimalValue());
    }

    @Needs(DATABASE)
    @Test
    void s4ListsTheItemsSoldBetweenTwoDates() throws SQLException {
        JsonObject answer = answer("blocking/store/s4?from=2021-03-01&to=2021-03-31");
        assertEquals(count("SELECT count(*) FROM item it JOIN invoice i ON i.id = it.invoice_id"
                + " WHERE i.invoice_date BETWEEN DATE '2021-03-01' AND DATE '2021-03-31'"), answer.getInt("count"));
        assertTrue(answer.getInt("count") > 0);
        assertTrue(rows(answer).stream().allMatch(r -> r.getString("invoiceDate").startsWith("2021-03")));
    }

    @Needs(DATABASE)
    @Test
    void c1AndC2AgreeWithEachOtherAndWithTheInvoices() throws SQLException {
        List<JsonObject> c1 = rows(answer("blocking/store/c1"));
        List<JsonObject> c2 = rows(answer("blocking/store/c2"));
        assertEquals(count("SELECT count(DISTINCT date_trunc('month', invoice_date)) FROM invoice"), c1.size());
        assertEquals(c1.size(), c2.size());
        BigDecimal sales = BigDecimal.ZERO;
        for (int i = 0; i < c1.size(); i++) {
            JsonObject month = c1.get(i);
            assertEquals(month.getInt("year"), c2.get(i).getInt("year"));
            assertEquals(month.getInt("month"), c2.get(i).getInt("month"));
            BigDecimal profit = dec(month, "sales").subtract(dec(month, "costs"));
            assertEquals(0, profit.compareTo(dec(c2.get(i), "profit")), "profit = sales - costs in " + month);
            sales = sales.add(dec(month, "sales"));
        }
        assertEquals(0, decimal("SELECT sum(total) FROM invoice").compareTo(sales), "sales add up to the invoices");
    }

    @Needs(DATABASE)
    @Test
    void c3AndC4GiveOneRowPerCategoryAndAgreeOnProfit() throws SQLException {
        List<JsonObject> c3 = rows(answer("blocking/store/c3"));
        List<JsonObject> c4 = rows(answer("blocking/store/c4"));
        int categoriesSold = count("SELECT count(DISTINCT p.category_id) FROM item it JOIN product p ON p.id = it.product_id");
        assertEquals(categoriesSold, c3.size());
        assertEquals(categoriesSold, c4.size());
        BigDecimal totalProfit = BigDecimal.ZERO;
        for (JsonObject category : c4) {
            totalProfit = totalProfit.add(dec(category, "profit"));
        }
        BigDecimal monthly = BigDecimal.ZERO;
        for (JsonObject month : rows(answer("blocking/store/c2"))) {
            monthly = monthly.add(dec(month, "profit"));
        }
        assertEquals(0, totalProfit.compareTo(monthly), "profit per category and per month add up the same");
        // Each category's best product by the test's own query, one pass over the items for all of them.
        Map<Integer, BigDecimal> tops = new HashMap<>();
        try (Connection c = database(); PreparedStatement ps = c.prepareStatement("SELECT category_id, max(s) FROM (SELECT"
                + " p.category_id, sum(it.quantity * (it.price - p.cost)) s FROM item it JOIN product p ON p.id = it.product_id"
                + " GROUP BY p.category_id, p.id) q GROUP BY category_id"); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                tops.put(rs.getInt(1), rs.getBigDecimal(2));
            }
        }
        for (JsonObject best : c3) {
            BigDecimal top = tops.get(best.getInt("categoryId"));
            assertTrue(top != null && top.compareTo(dec(best, "profit")) == 0, "best product of category " + best.getInt("categoryId")
                    + ": " + top + " by the test's query, " + dec(best, "profit") + " answered");
        }
    }

    @Test
    void unknownQueryIs404AndNamesTheValidOnes() {
        HttpResponse<String> response = get("blocking/store/s9");
        assertEquals(404, response.statusCode());
        assertTrue(object(response).getString("message").contains("[s1, s2, s3, s4, c1, c2, c3, c4]"));
    }

    private JsonObject answer(String path) {
        HttpResponse<String> response = get(path);
        assertEquals(200, response.statusCode(), path + " on " + server() + ": " + response.body());
        return object(response);
    }

    private static List<JsonObject> rows(JsonObject answer) {
        List<JsonObject> rows = new ArrayList<>();
        for (JsonValue row : answer.getJsonArray("rows")) {
            rows.add(row.asJsonObject());
        }
        return rows;
    }

    private static BigDecimal dec(JsonObject row, String name) {
        JsonNumber number = row.getJsonNumber(name);
        return number.bigDecimalValue();
    }

    private static int count(String sql, Object... params) throws SQLException {
        return decimal(sql, params).intValueExact();
    }

    private static BigDecimal decimal(String sql, Object... params) throws SQLException {
        try (Connection c = database(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                return rs.getBigDecimal(1);
            }
        }
    }

    /**
     * The driver axis: R2DBC (plain SQL) gives the same bytes as JDBC (JPA) for every query, and
     * each driver's async style the same as its blocking one. The style writes what its driver
     * read the same way whatever the query, so the styles are compared on the simple queries;
     * the complex ones, which take a second or more each here, on the drivers alone.
     */
    @Needs(DATABASE)
    @Test
    void everyStyleOnEitherDriverAnswersLikeTheBlockingJdbcOne() {
        // One at a time: the complex queries take seconds each here, and four at once on one CPU
        // come near the suite's statement timeout.
        Map<String, List<String>> pathsOf = new LinkedHashMap<>();
        for (String simple : List.of("s1?type=E", "s2?productId=3", "s3", "s4?from=2022-06-01&to=2022-06-30")) {
            pathsOf.put(simple, List.of("async/store/", "blocking/r2dbc/store/", "async/r2dbc/store/"));
        }
        for (String complex : List.of("c1", "c2", "c3", "c4")) {
            pathsOf.put(complex, List.of("blocking/r2dbc/store/"));
        }
        for (var query : pathsOf.entrySet()) {
            String expected = ok("blocking/store/" + query.getKey()).body();
            for (String path : query.getValue()) {
                assertEquals(expected, ok(path + query.getKey()).body(), path + query.getKey() + " on " + server());
            }
        }
    }

    @Test
    void theR2dbcPathsRefuseWhatTheJdbcOnesRefuse() {
        for (String style : List.of("blocking/r2dbc/store/", "async/r2dbc/store/")) {
            HttpResponse<String> unknown = get(style + "s9");
            assertEquals(404, unknown.statusCode(), style);
            assertTrue(object(unknown).getString("message").contains("[s1, s2, s3, s4, c1, c2, c3, c4]"), unknown.body());
            assertEquals(400, get(style + "s4?from=2022-01-01").statusCode(), style);
            assertEquals(400, get(style + "s1?type=X").statusCode(), style);
            assertEquals(405, request("POST", style + "c4").statusCode(), style);
        }
    }

    @Needs(DATABASE)
    @Test
    void aMissingProductIs404OnEveryPath() {
        for (String style : List.of("blocking/store/", "async/store/", "blocking/r2dbc/store/", "async/r2dbc/store/")) {
            HttpResponse<String> response = get(style + "s2?productId=99999999");
            assertEquals(404, response.statusCode(), style + ": " + response.body());
            assertEquals("no product with id 99999999", object(response).getString("message"), style);
        }
    }

    @Needs(DATABASE)
    @Test
    void theR2dbcPoolIsBoundedLikeTheJdbcOneAndShowsOnMetrics() {
        ok("async/r2dbc/store/c4");
        double jdbcPool = metric("trainyard_db_pool_max_connections");
        double r2dbcPool = metric("trainyard_r2dbc_connections_max");
        assertTrue(r2dbcPool > 0, "the R2DBC pool's size shows");
        if (jdbcPool > 0) {
            // GlassFish's pool wrapper does not tell its size; Tomcat's and Jetty's do.
            assertEquals(jdbcPool, r2dbcPool, "the same pool size");
        }
        assertEquals(metric("trainyard_db_connection_waiting_max"), metric("trainyard_r2dbc_connection_pending_max"), "the same bound on waiting");
        // The pool releases a connection before the query's Mono emits: nothing is held once answered.
        assertEquals(0, metric("trainyard_r2dbc_connections_acquired"));
        assertTrue(metric("trainyard_r2dbc_connections_idle") >= 1, "the connection went back to the pool");
        assertTrue(metric("trainyard_r2dbc_event_loops") >= 1);
    }
}
