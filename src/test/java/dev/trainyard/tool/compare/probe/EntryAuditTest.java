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

    private static long deadRows(Connection c) throws Exception {
        try (Statement s = c.createStatement()) {
            // The statistics collector's view of the table: flushed, so the dead rows just made are counted.
            s.execute("select pg_stat_force_next_flush()");
        }
        try (PreparedStatement s = c.prepareStatement("select n_dead_tup from pg_stat_user_tables where relname = 'trentry'");
                ResultSet r = s.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    @Test
    void aVacuumLeavesTrentryWithoutTheDeadRowsARoundsViewsMadeAndTheCountUnchanged() throws Exception {
        DbSettings db = TestDatabase.settings();
        try (EntryAudit audit = new EntryAudit(db); Connection c = db.connect()) {
            long before = audit.views();
            try (Statement s = c.createStatement()) {
                // A round's writes: each view an UPDATE, each leaving a dead row version behind. Undone below.
                s.executeUpdate("update trentry set views = views + 1 where id <= 500");
                s.executeUpdate("update trentry set views = views - 1 where id <= 500");
            }
            assertTrue(deadRows(c) >= 500, "the updates left dead rows: " + deadRows(c));

            assertTrue(audit.vacuum());

            assertEquals(0, deadRows(c), "vacuumed");
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
