package dev.trainyard.it.support;

import dev.trainyard.testdb.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The views of trentry rows, read straight from the test database: what the servers really wrote. */
public final class Views {

    private Views() {
    }

    /** Views per id; every id must exist. */
    public static Map<Integer, Integer> of(List<Integer> ids) throws SQLException {
        Map<Integer, Integer> views = new HashMap<>();
        try (Connection c = TestDatabase.settings().connect();
             PreparedStatement ps = c.prepareStatement("SELECT id, views FROM trentry WHERE id = ANY(?)")) {
            ps.setArray(1, c.createArrayOf("integer", ids.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    views.put(rs.getInt(1), rs.getInt(2));
                }
            }
        }
        if (views.size() != ids.size()) {
            throw new IllegalStateException("rows missing among " + ids + ": found " + views.keySet());
        }
        return views;
    }
}
