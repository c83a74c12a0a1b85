package dev.trainyard.tool.compare.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.testdb.TestDatabase;
import dev.trainyard.tool.db.DbSettings;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The audit's count and its vacuum between rounds, against the seeded PostgreSQL the tests run on. */
class EntryAuditTest {

    /** trentry's dead rows and manual vacuums so far, as PostgreSQL's statistics have them. */
    private static long[] stats(Connection c) throws Exception {
        try (Statement s = c.createStatement()) {
            // This backend's pending counts flushed, so the dead rows its updates just made are in the view.
            s.execute("select pg_stat_force_next_flush()");
        }
        try (PreparedStatement s = c.prepareStatement("select n_dead_tup, vacuum_count from pg_stat_user_tables where relname = 'trentry'");
                ResultSet r = s.executeQuery()) {
            r.next();
            return new long[] {r.getLong(1), r.getLong(2)};
        }
    }

    @Test
    void aVacuumTakesTheDeadRowsARoundsViewsLeftAndChangesNoCount() throws Exception {
        DbSettings db = TestDatabase.settings();
        try (EntryAudit audit = new EntryAudit(db); Connection c = db.connect()) {
            long before = audit.views();
            try (Statement s = c.createStatement()) {
                // A round's writes: each view an UPDATE, each leaving a dead row version behind. Undone by the second.
                s.executeUpdate("update trentry set views = views + 1 where id <= 500");
                s.executeUpdate("update trentry set views = views - 1 where id <= 500");
            }
            long[] written = stats(c);
            assertTrue(written[0] >= 500, "the updates left dead rows: " + written[0]);

            assertTrue(audit.vacuum());

            long[] vacuumed = stats(c);
            assertEquals(written[1] + 1, vacuumed[1], "one vacuum of trentry");
            // Not always none: a row version some other session may still see stays until it may not.
            assertTrue(vacuumed[0] < written[0] / 2, "the dead rows went: " + written[0] + " before, " + vacuumed[0] + " after");
            assertEquals(before, audit.views(), "a vacuum changes no view");
        }
    }

    @Test
    void aDatabaseItCannotReachIsNoFaultOfTheRun() throws Exception {
        try (EntryAudit gone = new EntryAudit(new DbSettings("jdbc:postgresql://127.0.0.1:1/none?connectTimeout=2", "none", "none"))) {
            assertFalse(gone.vacuum(), "false, not an exception: the run goes on");
        }
    }
}
