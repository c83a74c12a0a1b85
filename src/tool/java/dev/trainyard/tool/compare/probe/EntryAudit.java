package dev.trainyard.tool.compare.probe;

import dev.trainyard.tool.db.DbSettings;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The correctness check after every cell that writes: the views trentry gained must equal the
 * entry requests JMeter saw succeed. Fewer means a lost update (the original E3's {@code in (5, 5)}
 * flaw), more means work done for a request that was answered with an error.
 */
public final class EntryAudit implements AutoCloseable {

    private final DbSettings db;
    /**
     * One connection for every count of a run: a new one per count (a login, SCRAM's rounds) cost
     * more than the count itself, twice for every cell that writes.
     */
    private Connection connection;

    public EntryAudit(DbSettings db) {
        this.db = db;
    }

    /** The views trentry holds now; a connection the database dropped (a restart) is opened again once. */
    public long views() throws SQLException {
        try {
            return count();
        } catch (SQLException e) {
            if (connection == null || connection.isValid(1)) {
                throw e;
            }
            close();
            return count();
        }
    }

    private long count() throws SQLException {
        if (connection == null) {
            connection = db.connect();
        }
        try (PreparedStatement s = connection.prepareStatement("select coalesce(sum(views), 0) from trentry");
                ResultSet r = s.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    @Override
    public void close() throws SQLException {
        if (connection != null) {
            Connection c = connection;
            connection = null;
            c.close();
        }
    }

    /** The audit's verdict for one cell. */
    public record Verdict(long added, long acknowledged) {
        public boolean holds() {
            return added == acknowledged;
        }

        public String describe() {
            return holds() ? "views +" + added + " = " + acknowledged + " successful requests"
                    : "MISMATCH: views +" + added + " but " + acknowledged + " successful requests";
        }
    }
}
