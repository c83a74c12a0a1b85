package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.DATABASE;
import static dev.trainyard.it.support.Needs.Need.DESTRUCTIVE;
import static dev.trainyard.it.support.Needs.Need.SERVER_LOG;
import static dev.trainyard.it.support.Needs.Need.SUITE_SETTINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trainyard.it.support.FaultTable;
import dev.trainyard.it.support.FaultTest;
import dev.trainyard.it.support.Needs;
import dev.trainyard.it.support.RowLock;
import dev.trainyard.it.support.ServerLog;
import dev.trainyard.it.support.Tally;
import dev.trainyard.it.support.Views;
import dev.trainyard.testdb.TestDatabase;
import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fault suite: one fault at a time under a deployed WAR, with requests of every style in
 * flight, and {@link FaultTest}'s questions each time, and one more: did the server serve again,
 * and how soon? Each test adds its row to {@link FaultTable}. The full queues are {@link OverloadIT}'s.
 *
 * <p>Settings (it-settings.properties): the entry's update is cut after 3 s, every statement after
 * 8 s, a silent database is given up after 9 s, the pools wait 5 s.
 */
@Needs({DESTRUCTIVE, DATABASE, SERVER_LOG, SUITE_SETTINGS})
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FaultsIT extends FaultTest {

    /** How soon a server must serve again once the database is back, at most. */
    private static final long RECOVERY_BOUND_MILLIS = 30_000;
    /** A paused database outlasts the driver's socket timeout (9 s in the suite's settings). */
    private static final long PAUSE_MILLIS = 10_000;

    @Test
    void aLockedRowIsAnsweredByEveryStyleAndNothingIsApplied() throws Exception {
        int locked = base() + 1;
        List<Integer> free = ids(2, 4);
        List<Integer> all = new ArrayList<>(free);
        all.add(locked);
        Map<Integer, Integer> before = Views.of(all);
        ServerLog.Mark log = ServerLog.mark();
        List<String> paths = new ArrayList<>(List.of("blocking/entry?id=" + locked, "async/entry?id=" + locked, "train/entry?id=" + locked,
                "blocking/r2dbc/entry?id=" + locked, "async/r2dbc/entry?id=" + locked));
        for (int i = 0; i < 12; i++) {
            // A train whose batches mix the locked row with free ones.
            paths.add("train/entry?id=" + (i % 3 == 0 ? locked : free.get(i % free.size())));
        }
        List<Sent> sent;
        long start = System.nanoTime();
        try (RowLock lock = RowLock.hold(List.of(locked))) {
            sent = sendAll(paths);
        }
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        Tally answers = tally(sent);
        assertClean(answers, 200, 503);
        for (int i = 0; i < 5; i++) {
            HttpResponse<String> lone = sent.get(i).response();
            assertEquals(503, lone.statusCode(), sent.get(i).path() + ": " + lone.body());
            assertTrue(lone.body().contains("statement timeout") && lone.body().contains("not applied"), lone.body());
        }
        assertTrue(tookMillis < 12_000, "answered within the train's request timeout: " + tookMillis + " ms");
        Map<Integer, Integer> oks = okPerId(sent);
        Map<Integer, Integer> after = Views.of(all);
        for (int id : all) {
            assertEquals(before.get(id) + oks.getOrDefault(id, 0), after.get(id), "views of " + id + " = its 200 answers");
        }
        assertEquals(200, get("train/entry?id=" + locked).statusCode(), "the next train request on the released row");
        assertNoTouchAfterComplete(log);
        FaultTable.record(server(), "row locked past the statement timeout", answers, 0, -1);
    }

    @Test
    void aPausedDatabaseIsAnsweredOnceAndServiceComesBack() throws Exception {
        assumeTrue(TestDatabase.isEmbedded(), "needs the embedded database, which this JVM can pause");
        warm();
        List<Integer> locked = ids(20, 5);
        Map<Integer, Integer> before = Views.of(locked);
        ServerLog.Mark log = ServerLog.mark();
        List<CompletableFuture<Sent>> inFlight = new ArrayList<>();
        List<CompletableFuture<Sent>> duringPause = new ArrayList<>();
        long resumedAt;
        try (RowLock lock = RowLock.hold(locked)) {
            // An update of each style inside the database, waiting on the lock, when it freezes.
            inFlight.addAll(updatesInsideTheDatabase(locked));
            try {
                TestDatabase.pauseEmbedded();
                for (String style : STYLES) {
                    duringPause.add(send(style + "/entry?id=" + locked.get(0)));
                }
                duringPause.add(send("blocking/store/c4"));
                waitOut(PAUSE_MILLIS);
            } finally {
                TestDatabase.resumeEmbedded();
                resumedAt = System.nanoTime();
            }
        }
        List<Sent> sent = new ArrayList<>(join(inFlight));
        sent.addAll(join(duringPause));
        long recovery = recoveryMillis(resumedAt);
        Tally answers = tally(sent);
        assertClean(answers, 200, 503, 504);
        for (Sent s : sent.subList(0, STYLES.size())) {
            assertEquals(504, s.response().statusCode(), "an update in the database when it froze: " + s.path() + " " + s.response().body());
        }
        long duplicated = auditWithinBounds(before, Views.of(locked), sent, 0);
        assertNoTouchAfterComplete(log);
        FaultTable.record(server(), "database paused (SIGSTOP, every process) " + PAUSE_MILLIS / 1000 + " s", answers, duplicated, recovery);
    }

    @Test
    void aKilledAndRestartedDatabaseIsAnsweredOnceAndServiceComesBack() throws Exception {
        assumeTrue(TestDatabase.isEmbedded(), "needs the embedded database, which this JVM can kill");
        warm();
        List<Integer> locked = ids(30, 5);
        Map<Integer, Integer> before = Views.of(locked);
        ServerLog.Mark log = ServerLog.mark();
        List<Sent> sent = new ArrayList<>();
        RowLock lock = RowLock.hold(locked);
        try {
            // An update of each style inside the database, waiting on the lock, when it dies.
            List<CompletableFuture<Sent>> inFlight = updatesInsideTheDatabase(locked);
            TestDatabase.killEmbedded();
            sent.addAll(join(inFlight));
            List<String> paths = new ArrayList<>(STYLES.stream().map(style -> style + "/entry?id=" + locked.get(0)).toList());
            paths.add("async/store/c4");
            sent.addAll(sendAll(paths));
        } finally {
            lock.close();
            TestDatabase.restartEmbedded();
        }
        long recovery = recoveryMillis(System.nanoTime());
        Tally answers = tally(sent);
        assertClean(answers, 503, 504);
        long duplicated = auditWithinBounds(before, Views.of(locked), sent, 0);
        assertNoTouchAfterComplete(log);
        FaultTable.record(server(), "database killed (SIGKILL, every process) with updates in flight, then restarted",
                answers, duplicated, recovery);
    }

    @Test
    void clientsThatLeaveWhileTheirBatchIsInTheDatabaseLeaveNothingBehind() throws Exception {
        int id = base() + 40;
        // One trip first: the entry train makes its workers at its first job, and their count is read from it.
        assertEquals(200, get("train/entry?id=" + id).statusCode());
        // No more clients than workers, so that every job departs even one at a time and none is left
        // queued behind the lock (where its departure deadline would answer it before it left).
        int leaving = Math.min(8, (int) metric("trainyard_train_workers", "command=\"entry\"", "policy=\"natural\""));
        assertTrue(leaving >= 2, "the entry train's workers: " + leaving);
        int before = Views.of(List.of(id)).get(id);
        double openBefore = metric("trainyard_async_open_requests");
        ServerLog.Mark log = ServerLog.mark();
        try (RowLock lock = RowLock.hold(List.of(id))) {
            List<Socket> clients = new ArrayList<>();
            try {
                for (int i = 0; i < leaving; i++) {
                    clients.add(rawGet("train/entry?id=" + id));
                }
                // Every job departed: the train's queue is empty and its trips wait on the lock.
                awaitMetric(() -> metric("trainyard_async_open_requests") >= openBefore + leaving
                        && metric("trainyard_train_queue_depth") == 0 && waitersOrZero() >= 1, "the batch waits in the database");
            } finally {
                for (Socket client : clients) {
                    client.close();
                }
            }
        }
        awaitMetric(() -> metric("trainyard_async_open_requests") <= openBefore, "no request left open after the clients left");
        int added = Views.of(List.of(id)).get(id) - before;
        assertTrue(added >= 0 && added <= leaving, "each left client's view applied at most once: " + added);
        assertEquals(200, get("train/entry?id=" + id).statusCode());
        assertNoTouchAfterComplete(log);
        Tally answers = new Tally();
        answers.left(leaving);
        FaultTable.record(server(), "clients left while their batch was in the database (" + added + " of " + leaving + " views applied)",
                answers, Math.max(0, added - leaving), -1);
    }

    /** An update of each style, each on its own locked row, each waiting in the database. */
    private List<CompletableFuture<Sent>> updatesInsideTheDatabase(List<Integer> locked) throws Exception {
        List<CompletableFuture<Sent>> updates = new ArrayList<>();
        for (int i = 0; i < STYLES.size(); i++) {
            updates.add(send(STYLES.get(i) + "/entry?id=" + locked.get(i)));
        }
        awaitLockWaiters(STYLES::size);
        return updates;
    }

    private static Map<Integer, Integer> okPerId(List<Sent> sent) {
        Map<Integer, Integer> oks = new HashMap<>();
        for (Sent s : sent) {
            if (s.response() != null && s.response().statusCode() == 200) {
                oks.merge(object(s.response()).getInt("id"), 1, Integer::sum);
            }
        }
        return oks;
    }

    private static int waitersOrZero() {
        try {
            return RowLock.waiters();
        } catch (SQLException e) {
            return 0;
        }
    }

    /** Polls a condition the server's metrics show, for at most 30 s. */
    private static void awaitMetric(Check condition, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.holds()) {
            assertTrue(System.nanoTime() < deadline, "never: " + what);
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }

    /** The fault's own duration (not a synchronisation): the database stays frozen this long. */
    private static void waitOut(long millis) throws InterruptedException {
        TimeUnit.MILLISECONDS.sleep(millis);
    }

    /** From {@code sinceNanos} until an entry is served again, asserted within the recovery bound. */
    private long recoveryMillis(long sinceNanos) throws Exception {
        long deadline = sinceNanos + TimeUnit.MILLISECONDS.toNanos(RECOVERY_BOUND_MILLIS);
        while (true) {
            HttpResponse<String> r = get("blocking/entry?id=" + (base() + 98));
            if (r.statusCode() == 200 && get("train/entry?id=" + (base() + 98)).statusCode() == 200
                    && get("async/entry?id=" + (base() + 98)).statusCode() == 200) {
                return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sinceNanos);
            }
            assertTrue(System.nanoTime() < deadline, "not serving " + RECOVERY_BOUND_MILLIS + " ms after the database came back: "
                    + r.statusCode() + " " + r.body());
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    private Socket rawGet(String path) throws IOException {
        Socket socket = connect(0);
        socket.getOutputStream().write(("GET " + uri(path).getRawPath() + "?" + uri(path).getRawQuery() + " HTTP/1.1\r\nHost: "
                + base.getHost() + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }
}
