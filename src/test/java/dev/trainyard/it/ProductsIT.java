package dev.trainyard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.EndpointTest;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class ProductsIT extends EndpointTest {

    @Test
    void zeroProductsIsAnEmptyArray() {
        HttpResponse<String> response = get("blocking/products?count=0");
        assertEquals(200, response.statusCode(), response.body());
        assertEquals(0, array(response).size());
    }

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
}
