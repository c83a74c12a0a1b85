package dev.trainyard.data.store;

import dev.trainyard.data.Database;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * S2 for many products in one round trip (the train's second command): the same columns and
 * order as the JPA named query Characteristic.ofProduct, so that both styles answer alike. Plain
 * JDBC, since JPQL cannot bind an array to = ANY(?).
 */
public final class CharacteristicsBatch {

    static final String OF_PRODUCTS = "SELECT p.id, c.id, c.feature, c.feature_value"
            + " FROM product p LEFT JOIN characteristic c ON c.product_id = p.id"
            + " WHERE p.id = ANY(?::int[]) ORDER BY p.id, c.id";
    static final List<String> COLUMNS = List.of("id", "feature", "value");

    private final Database database;

    public CharacteristicsBatch(Database database) {
        this.database = database;
    }

    /**
     * Per position of {@code productIds}: the product's characteristics, or empty if no such
     * product. A read, bounded by the pool's statement timeout like the JPA query it stands for.
     */
    public List<Optional<Table>> of(List<Integer> productIds) {
        Integer[] distinct = new LinkedHashSet<>(productIds).toArray(new Integer[0]);
        Map<Integer, List<Object[]>> rows = new HashMap<>();
        try (Connection c = database.connection();
             PreparedStatement ps = c.prepareStatement(OF_PRODUCTS)) {
            ps.setArray(1, c.createArrayOf("integer", distinct));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    List<Object[]> product = rows.computeIfAbsent(rs.getInt(1), id -> new ArrayList<>());
                    int characteristic = rs.getInt(2);
                    if (!rs.wasNull()) {
                        product.add(new Object[] {characteristic, rs.getString(3), rs.getString(4)});
                    }
                }
            }
        } catch (SQLException e) {
            throw Database.unavailable(e);
        }
        List<Optional<Table>> answers = new ArrayList<>(productIds.size());
        for (int id : productIds) {
            List<Object[]> product = rows.get(id);
            answers.add(product == null ? Optional.empty() : Optional.of(new Table(COLUMNS, product)));
        }
        return answers;
    }
}
