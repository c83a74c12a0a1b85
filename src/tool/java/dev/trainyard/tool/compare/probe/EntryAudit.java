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
public final class EntryAudit {

    private final DbSettings db;

    public EntryAudit(DbSettings db) {
        this.db = db;
    }

    public long views() throws SQLException {
        try (Connection c = db.connect();
                PreparedStatement s = c.prepareStatement("select coalesce(sum(views), 0) from trentry");
                ResultSet r = s.executeQuery()) {
            r.next();
            return r.getLong(1);
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
