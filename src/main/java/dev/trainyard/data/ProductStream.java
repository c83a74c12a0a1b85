package dev.trainyard.data;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the first N products in id order through a server-side cursor, handing each row on as it
 * arrives, so that a 100 MB response never sits in memory: pgjdbc only uses a cursor when
 * autocommit is off and a fetch size is set.
 */
public final class ProductStream {

    static final String FIRST_N = ProductRow.SELECT + " ORDER BY id LIMIT ?";
    static final int FETCH_SIZE = 1000;

    /** Receives each product; may throw IOException when the client goes away. */
    public interface Sink {
        void product(ProductRow row) throws IOException;
    }

    /** Keyset pages for callers that must not hold a connection between pages (the async style). */
    static final String PAGE = ProductRow.SELECT + " WHERE id > ? ORDER BY id LIMIT ?";

    private final Database database;

    public ProductStream(Database database) {
        this.database = database;
    }

    /**
     * The next at most {@code limit} products after {@code afterId}, in id order: one short query
     * whose connection goes back to the pool at once, however slowly the client then reads.
     */
    public List<ProductRow> page(int afterId, int limit) {
        try (Connection c = database.connection();
             PreparedStatement ps = c.prepareStatement(PAGE)) {
            ps.setInt(1, afterId);
            ps.setInt(2, limit);
            List<ProductRow> rows = new ArrayList<>(limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(row(rs));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw Database.unavailable(e);
        }
    }

    private static ProductRow row(ResultSet rs) throws SQLException {
        return new ProductRow(rs.getInt(1), rs.getInt(2), rs.getString(3), rs.getString(4), rs.getBigDecimal(5), rs.getBigDecimal(6));
    }

    /**
     * Streams up to {@code count} products; returns how many were sent. A database failure before
     * the first row is a {@link DataUnavailableException} (the response is still clean); one after
     * is too, and the caller can only cut the response short.
     */
    public int stream(int count, Sink sink) throws IOException {
        try (Connection c = database.connection()) {
            c.setAutoCommit(false);
            c.setReadOnly(true);
            try (PreparedStatement ps = c.prepareStatement(FIRST_N)) {
                ps.setFetchSize(FETCH_SIZE);
                ps.setInt(1, count);
                int sent = 0;
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        sink.product(row(rs));
                        sent++;
                    }
                }
                return sent;
            } finally {
                // Pooled connections go back as they came: read-write, autocommit on.
                c.rollback();
                c.setReadOnly(false);
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw Database.unavailable(e);
        }
    }
}
