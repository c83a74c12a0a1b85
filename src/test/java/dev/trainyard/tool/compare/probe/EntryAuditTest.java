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

    /** trentry's manual vacuums and analyses so far, as PostgreSQL's statistics have them. */
    private static long[] counts(Connection c) throws Exception {
        try (PreparedStatement s = c.prepareStatement("select vacuum_count, analyze_count from pg_stat_user_tables where relname = 'trentry'");
                ResultSet r = s.executeQuery()) {
            r.next();
            return new long[] {r.getLong(1), r.getLong(2)};
        }
    }

    /**
     * The vacuum is issued on trentry and analyses it. The test counts the vacuum, not the dead
     * rows: the updating connection's own dead-row counts reach the shared statistics when it next
     * idles, which can be after the vacuum reset them, so the rows a vacuum took cannot be read
     * back reliably; the vacuum's counts are reported by the connection that ran it.
     */
    @Test
    void aVacuumAndAnAnalysisOfTrentryThatChangeNoCount() throws Exception {
        DbSettings db = TestDatabase.settings();
        try (EntryAudit audit = new EntryAudit(db); Connection c = db.connect()) {
            long before = audit.views();
            try (Statement s = c.createStatement()) {
                // A round's writes: each view an UPDATE, each leaving a dead row version behind. Undone by the second.
                s.executeUpdate("update trentry set views = views + 1 where id <= 500");
                s.executeUpdate("update trentry set views = views - 1 where id <= 500");
            }
            long[] was = counts(c);

            assertTrue(audit.vacuum());

            long[] now = counts(c);
            assertEquals(was[0] + 1, now[0], "one vacuum of trentry");
            assertEquals(was[1] + 1, now[1], "one analysis of trentry");
            assertEquals(before, audit.views(), "a vacuum changes no view");
        }
    }

    @Test
    void aDatabaseItCannotReachIsNoFaultOfTheRun() throws Exception {
        try (EntryAudit gone = new EntryAudit(new DbSettings("jdbc:postgresql://127.0.0.1:1/none?connectTimeout=2", "none", "none"))) {
            assertFalse(gone.vacuum(), "false, not an exception: the run goes on");
        }
    }

    @Test
    void aClientThatCountsEveryRequestMustSeeExactlyItsAnswersAsViews() {
        assertTrue(new EntryAudit.Verdict(500, 500).holds());
        assertFalse(new EntryAudit.Verdict(501, 500).holds(), "a view no answer acknowledged: counted twice or not counted");
        assertFalse(new EntryAudit.Verdict(499, 500).holds(), "an acknowledged view the database lacks: lost");
        assertEquals("views +500 = 500 successful requests", new EntryAudit.Verdict(500, 500).describe());
    }

    @Test
    void aClientThatLeftRequestsInFlightMayHaveThatManyViewsMoreNeverFewer() {
        assertTrue(new EntryAudit.Verdict(500, 500, 400).holds(), "none of its last requests applied");
        assertTrue(new EntryAudit.Verdict(900, 500, 400).holds(), "all of them applied");
        assertFalse(new EntryAudit.Verdict(901, 500, 400).holds(), "more views than it could have caused");
        assertFalse(new EntryAudit.Verdict(499, 500, 400).holds(), "an acknowledged view the database lacks is lost, whatever was in flight");
        assertEquals("views +650 within 500 successful requests and at most 400 left unanswered",
                new EntryAudit.Verdict(650, 500, 400).describe());
        assertTrue(new EntryAudit.Verdict(901, 500, 400).describe().startsWith("MISMATCH"));
    }

    @Test
    void whatTheLoadBeforeLeftMayLandInTheNextCellAndNoOlderLoadsLeftovers() {
        // A cell left 400 requests unanswered and the database showed 382 of them by its audit: 18 may still land.
        EntryAudit.Verdict first = new EntryAudit.Verdict(882, 500, 400);
        assertEquals(18, first.stillLanding());
        EntryAudit.Verdict next = new EntryAudit.Verdict(918, 500, 400, first.stillLanding());
        assertTrue(next.holds(), "its own 400 and the 18 of the cell before");
        assertEquals("views +918 within 500 successful requests and at most 400 left unanswered (and 18 by the load before)",
                next.describe());
        assertFalse(new EntryAudit.Verdict(919, 500, 400, 18).holds(), "a view beyond both");
        assertEquals(0, next.stillLanding(), "all of both landed");
        assertEquals(400, new EntryAudit.Verdict(500, 500, 400, 18).stillLanding(),
                "at most its own unanswered requests: the load before had this cell's load to land");
        assertEquals(0, new EntryAudit.Verdict(500, 500).stillLanding(), "a client that counts everything leaves nothing");
    }
}
