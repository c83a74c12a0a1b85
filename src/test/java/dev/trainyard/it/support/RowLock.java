package dev.trainyard.it.support;

import dev.trainyard.testdb.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Rows of trentry held FOR UPDATE by a transaction of the test's own, as a long maintenance job or
 * a stuck session would hold them: every update of those rows waits until {@link #close()} rolls
 * it back, or until its statement timeout cuts it.
 */
public final class RowLock implements AutoCloseable {

    private final Connection connection;

    private RowLock(Connection connection) {
        this.connection = connection;
    }

    public static RowLock hold(List<Integer> ids) throws SQLException {
        Connection c = TestDatabase.settings().connect();
        try {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM trentry WHERE id = ANY(?) ORDER BY id FOR UPDATE")) {
                ps.setArray(1, c.createArrayOf("integer", ids.toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    int locked = 0;
                    while (rs.next()) {
                        locked++;
                    }
                    if (locked != ids.size()) {
                        throw new IllegalStateException("locked " + locked + " of " + ids.size() + " rows " + ids);
                    }
                }
            }
            return new RowLock(c);
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** Releases the rows; a connection the database dropped meanwhile (a kill) releases nothing and that is fine. */
    @Override
    public void close() {
        try {
            connection.rollback();
        } catch (SQLException gone) {
            // The database died with this session: its locks went with it.
        }
        try {
            connection.close();
        } catch (SQLException gone) {
            // Same.
        }
    }

    /** Statements of other sessions now waiting on a lock in this database. */
    public static int waiters() throws SQLException {
        try (Connection c = TestDatabase.settings().connect();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
