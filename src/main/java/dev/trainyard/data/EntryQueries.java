package dev.trainyard.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The entry work of the Train experiment (BRIEF section 3): read a row and add one view, in one
 * transaction. A single UPDATE ... RETURNING does both atomically, so two requests for the same id
 * can never read the same count or lose an increment.
 */
public final class EntryQueries {

    static final String ADD_VIEW =
            "UPDATE trentry SET views = views + 1 WHERE id = ? RETURNING id, name, descr, views";
    static final String MAX_ID = "SELECT coalesce(max(id), 0) FROM trentry";

    private final Database database;
    private volatile int maxId;

    public EntryQueries(Database database) {
        this.database = database;
    }

    /** Adds one view to the row and returns it, or empty when no row has this id. */
    public Optional<Entry> addView(int id) {
        try (Connection c = database.connection();
             PreparedStatement ps = c.prepareStatement(ADD_VIEW)) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                // char(25) pads with blanks; the page shows the name, not its padding.
                return Optional.of(new Entry(rs.getInt(1), rs.getString(2).stripTrailing(), rs.getString(3), rs.getInt(4)));
            }
        } catch (SQLException e) {
            throw Database.unavailable(e);
        }
    }

    /** The highest id, read once: random ids are drawn from 1..maxId (the data set is fixed). */
    public int maxId() {
        int known = maxId;
        if (known > 0) {
            return known;
        }
        try (Connection c = database.connection();
             PreparedStatement ps = c.prepareStatement(MAX_ID);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            known = rs.getInt(1);
        } catch (SQLException e) {
            throw Database.unavailable(e);
        }
        if (known == 0) {
            throw new DataUnavailableException("table trentry is empty: seed the database", null);
        }
        maxId = known;
        return known;
    }
}
