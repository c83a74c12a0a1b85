package dev.trainyard.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.config.Setting;
import dev.trainyard.testdb.TestDatabase;
import dev.trainyard.tool.db.DbSettings;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The train's trip locks its rows in id order, whatever order its riders came in: the property that
 * keeps concurrent, overlapping trips from deadlocking. Shown on the seeded table (the real size, so
 * the real plan), under both of PostgreSQL's plan choices for a prepared statement: a trip whose row
 * in the middle is held by another transaction must hold every row below it and none above it while
 * it waits; and at the most riders the settings allow, the plan is still the nested loop over the
 * primary key that visits the ids in the order given.
 */
class TrainLockOrderTest {

    /** Rows near the top of the seeded 250,000, which no other test reads by number. */
    private static final int BASE = 248_000;

    @ParameterizedTest
    @ValueSource(strings = {"force_custom_plan", "force_generic_plan"})
    void aTripHoldsTheRowsBelowTheOneItWaitsForAndNoneAbove(String planCacheMode) throws Exception {
        PGSimpleDataSource ds = dataSource(planCacheMode);
        EntryQueries entries = new EntryQueries(new Database(ds), 5);
        List<Integer> riders = List.of(BASE + 90, BASE + 10, BASE + 70, BASE + 30, BASE + 50, BASE + 20, BASE + 60, BASE + 40,
                BASE + 80, BASE + 10);
        int blocked = BASE + 50;
        // A server-side statement from the first run, so the generic plan is the one a warm trip uses.
        for (int i = 0; i < 3; i++) {
            entries.addViews(List.of(BASE + 1, BASE + 2));
        }
        int before = views(ds, BASE + 10);
        try (Connection blocker = ds.getConnection(); Connection watch = ds.getConnection(); Connection probe = ds.getConnection()) {
            blocker.setAutoCommit(false);
            probe.setAutoCommit(false);
            try (Statement s = blocker.createStatement()) {
                s.executeQuery("SELECT 1 FROM trentry WHERE id = " + blocked + " FOR UPDATE").close();
            }
            CompletableFuture<List<Optional<Entry>>> trip = CompletableFuture.supplyAsync(() -> entries.addViews(riders));
            awaitTripWaitingOnALock(watch, trip);

            List<Integer> free = new ArrayList<>();
            try (PreparedStatement ps = probe.prepareStatement(
                    "SELECT id FROM trentry WHERE id = ANY(?) ORDER BY id FOR UPDATE SKIP LOCKED")) {
                ps.setArray(1, probe.createArrayOf("integer", riders.toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        free.add(rs.getInt(1));
                    }
                }
            }
            probe.rollback();
            assertEquals(List.of(BASE + 60, BASE + 70, BASE + 80, BASE + 90), free,
                    "while it waits for row " + blocked + ", the trip holds every row below it and none above (" + planCacheMode + ")");

            blocker.rollback();
            List<Optional<Entry>> answers = trip.get(10, TimeUnit.SECONDS);
            assertEquals(riders.size(), answers.size());
            assertTrue(answers.stream().allMatch(Optional::isPresent), "every rider answered once the row is free");
            assertEquals(before + 1, answers.get(1).orElseThrow().views(), "the first of two riders for one row");
            assertEquals(before + 2, answers.get(9).orElseThrow().views(), "the second");
        }
        assertEquals(before + 2, views(ds, BASE + 10), "two views stored for two riders, none lost");
    }

    @ParameterizedTest
    @ValueSource(strings = {"force_custom_plan", "force_generic_plan"})
    void atTheMostRidersTheTripStillJoinsItsIdsInTheirOrderByTheKey(String planCacheMode) throws Exception {
        int most = Math.max(Setting.TRAIN_MAX_BATCH.maxInteger(), Setting.TRAIN_WINDOW_BATCH.maxInteger());
        Integer[] ids = IntStream.range(0, most).map(i -> 1 + i * (240_000 / most)).boxed().toArray(Integer[]::new);
        Integer[] ones = IntStream.range(0, most).map(i -> 1).boxed().toArray(Integer[]::new);
        List<String> plan = new ArrayList<>();
        try (Connection c = dataSource(planCacheMode).getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("EXPLAIN " + EntryQueries.ADD_VIEWS)) {
                ps.setArray(1, c.createArrayOf("integer", ids));
                ps.setArray(2, c.createArrayOf("integer", ones));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        plan.add(rs.getString(1).strip());
                    }
                }
            }
            c.rollback();
        }
        String text = String.join("\n", plan);
        assertTrue(plan.get(1).startsWith("->  Nested Loop"), "a nested loop (" + planCacheMode + ", " + most + " ids):\n" + text);
        assertTrue(plan.get(2).startsWith("->  Function Scan on w"), "the ids, in their order, outside:\n" + text);
        assertTrue(plan.get(3).startsWith("->  Index Scan using trentry_pkey on trentry t"), "each row by its key inside:\n" + text);
        assertFalse(text.contains("Seq Scan") || text.contains("Hash") || text.contains("Sort"), "the heap's order nowhere:\n" + text);
    }

    private static PGSimpleDataSource dataSource(String planCacheMode) {
        DbSettings db = TestDatabase.settings();
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(db.url());
        ds.setUser(db.user());
        ds.setPassword(db.password());
        ds.setPrepareThreshold(1);
        ds.setOptions("-c plan_cache_mode=" + planCacheMode);
        return ds;
    }

    private static int views(PGSimpleDataSource ds, int id) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT views FROM trentry WHERE id = " + id)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /**
     * Until PostgreSQL shows the trip's statement waiting for a row lock (bounded: a trip that never
     * waits fails). Each look in a transaction of its own: one transaction sees one snapshot of
     * pg_stat_activity.
     */
    private static void awaitTripWaitingOnALock(Connection watch, CompletableFuture<?> trip) throws SQLException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
        try (PreparedStatement ps = watch.prepareStatement("SELECT count(*) FROM pg_stat_activity"
                + " WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE trentry t SET views%'")) {
            while (true) {
                assertFalse(trip.isDone(), "the trip ended without waiting for the held row: " + trip);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) > 0) {
                        return;
                    }
                }
                assertTrue(System.nanoTime() < deadline, "the trip never waited for the held row");
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
            }
        }
    }
}
