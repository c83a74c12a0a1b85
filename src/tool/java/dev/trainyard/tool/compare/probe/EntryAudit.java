package dev.trainyard.tool.compare.probe;

import dev.trainyard.tool.db.DbSettings;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The correctness check after every cell that writes: the views trentry gained must equal the
 * entry requests JMeter saw succeed. Fewer means a lost update (the original E3's {@code in (5, 5)}
 * flaw), more means work done for a request that was answered with an error. Its connection also
 * reads the database's housekeeping around each trial ({@link #housekeeping}).
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
        try (PreparedStatement s = connection().prepareStatement("select coalesce(sum(views), 0) from trentry");
                ResultSet r = s.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    /**
     * The database's housekeeping so far: buffers its checkpointer has written
     * (pg_stat_checkpointer, PostgreSQL 17 on) and autovacuum and autoanalyze runs finished on
     * every table; both NaN where this database cannot tell (an older one). Read with the audit's
     * connection, around each trial: what a trial's figures may owe to the database rather than the style.
     */
    public Housekeeping housekeeping() {
        try (PreparedStatement s = connection().prepareStatement("select (select buffers_written from pg_stat_checkpointer),"
                + " (select coalesce(sum(autovacuum_count + autoanalyze_count), 0) from pg_stat_all_tables)");
                ResultSet r = s.executeQuery()) {
            r.next();
            return new Housekeeping(r.getLong(1), r.getLong(2));
        } catch (SQLException e) {
            // Not read is not a fault of the trial: its conditions say unknown.
            return new Housekeeping(Double.NaN, Double.NaN);
        }
    }

    /**
     * Vacuums and analyses trentry, the table the entry cells write, between rounds of trials: so
     * that no autovacuum starts inside a measured window for what the round before left (a run's
     * own database runs without autovacuum), and every round starts on a table in the same state.
     * False where the role may not (a database it does not own) or the database failed it: the
     * run goes on, its housekeeping as the database does it.
     */
    public boolean vacuum() {
        try (Statement s = connection().createStatement()) {
            s.execute("vacuum (analyze) trentry");
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    /** The database's housekeeping counters at one moment ({@link #housekeeping}). */
    public record Housekeeping(double checkpointBuffers, double autovacuums) {

        /** What happened since {@code before}, into the trial's conditions. */
        public Conditions since(Housekeeping before, Conditions seen) {
            return seen.withDatabase(checkpointBuffers - before.checkpointBuffers, autovacuums - before.autovacuums);
        }
    }

    /**
     * The run's connection, opened on first use with a bound on every read: a database that stops
     * answering (paused, its host gone) fails the count or the reading instead of holding the run.
     */
    private Connection connection() throws SQLException {
        if (connection == null) {
            Connection opened = db.connect();
            opened.setNetworkTimeout(Runnable::run, NETWORK_TIMEOUT_MS);
            connection = opened;
        }
        return connection;
    }

    /** How long one read may wait for the database: a count of trentry takes milliseconds. */
    private static final int NETWORK_TIMEOUT_MS = 30_000;

    @Override
    public void close() throws SQLException {
        if (connection != null) {
            Connection c = connection;
            connection = null;
            c.close();
        }
    }

    /**
     * The audit's verdict for one cell: the views the database added against the successful
     * answers the client counted, allowing up to {@code uncounted} more for the requests a client
     * left without an answer it could count (see {@code LoadClient.uncounted()}), and up to
     * {@code landing} more for those the load before left, which the server may take only after
     * that load's audit, however settled it looked: a request still in a socket's buffer is no
     * request yet to the server's metrics. Never fewer, since every answer counted as successful
     * was an applied view.
     */
    public record Verdict(long added, long acknowledged, long uncounted, long landing) {

        /** The verdict of a client that counts every request: the views must equal the answers. */
        public Verdict(long added, long acknowledged) {
            this(added, acknowledged, 0, 0);
        }

        /** The verdict of a cell with nothing left by the load before. */
        public Verdict(long added, long acknowledged, long uncounted) {
            this(added, acknowledged, uncounted, 0);
        }

        public boolean holds() {
            return added >= acknowledged && added - acknowledged <= uncounted + landing;
        }

        /**
         * What this cell's requests may still add after its audit, for the next cell's verdict: its
         * allowance less what the views used of it, and never more than its own unanswered requests
         * (those of the load before had this cell's whole load to land).
         */
        public long stillLanding() {
            return Math.max(0, Math.min(uncounted, uncounted + landing - Math.max(0, added - acknowledged)));
        }

        public String describe() {
            if (uncounted + landing == 0) {
                return holds() ? "views +" + added + " = " + acknowledged + " successful requests"
                        : "MISMATCH: views +" + added + " but " + acknowledged + " successful requests";
            }
            String bounds = acknowledged + " successful requests and at most " + uncounted + " left unanswered"
                    + (landing == 0 ? "" : " (and " + landing + " by the load before)");
            return holds() ? "views +" + added + " within " + bounds : "MISMATCH: views +" + added + " outside " + bounds;
        }
    }
}
