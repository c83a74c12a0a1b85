package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.DATABASE;
import static dev.trainyard.it.support.Needs.Need.DESTRUCTIVE;
import static dev.trainyard.it.support.Needs.Need.SERVER_LOG;
import static dev.trainyard.it.support.Needs.Need.SUITE_SETTINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.FaultTable;
import dev.trainyard.it.support.Needs;
import dev.trainyard.it.support.RowLock;
import dev.trainyard.it.support.ServerLog;
import dev.trainyard.it.support.Tally;
import dev.trainyard.testdb.TestDatabase;
import dev.trainyard.it.support.Views;
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
import java.util.function.IntSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fault suite: one fault at a time under a deployed WAR, with requests of every style in
 * flight, and the same questions each time. Did every request get exactly one answer, Trainyard's
 * JSON with the right status (200, 503 with Retry-After when nothing was applied, 504 when the
 * outcome is unknown)? Is the views audit within bounds (200 answers &le; views added &le; 200
 * answers + 504 answers + clients that left)? Did the server serve again, and how soon? Did the
 * server log a request touched after it completed? Each test adds its row to {@link FaultTable}.
 *
 * <p>Settings (it-settings.properties): the entry's update is cut after 3 s, every statement after
 * 10 s, a silent database is given up after 12 s, the pools wait 5 s, the train's and the db
 * executor's queues hold 50.
 */
@Needs({DESTRUCTIVE, DATABASE, SERVER_LOG, SUITE_SETTINGS})
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FaultsIT extends EndpointTest {

    /** How soon a server must serve again once the database is back, at most. */
    private static final long RECOVERY_BOUND_MILLIS = 30_000;
    /** A paused database outlasts the driver's socket timeout (12 s in the suite's settings). */
    private static final long PAUSE_MILLIS = 13_000;
    /** Every style with an entry, on either driver. */
    private static final List<String> STYLES = List.of("blocking", "async", "train", "blocking/r2dbc", "async/r2dbc");

    private static int base() {
        return switch (server()) {
            case "tomcat" -> 50_000;
            case "jetty" -> 60_000;
            case "glassfish" -> 70_000;
            default -> 80_000;
        };
    }

    private static List<Integer> ids(int from, int count) {
        return IntStream.range(base() + from, base() + from + count).boxed().toList();
    }

    /** One request and its answer (null when it got none). */
    private record Sent(String path, HttpResponse<String> response) {
    }

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
        int before = Views.of(List.of(id)).get(id);
        double openBefore = metric("trainyard_async_open_requests");
        ServerLog.Mark log = ServerLog.mark();
        int leaving = 8;
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

    @Test
    void fiveTimesTheTrainQueueIsShedWith503AndNothingShedIsApplied() throws Exception {
        warm();
        overload("train", "the entry train is full", (int) metric("trainyard_train_queue_capacity", "command=\"entry\"", "policy=\"natural\""),
                () -> metric("trainyard_train_workers_busy", "command=\"entry\"", "policy=\"natural\"")
                        >= metric("trainyard_train_workers", "command=\"entry\"", "policy=\"natural\""), 60);
    }

    @Test
    void fiveTimesTheDbExecutorsQueueIsShedWith503AndNothingShedIsApplied() throws Exception {
        warm();
        overload("async", "the db executor is full", (int) metric("trainyard_executor_queue_capacity", "executor=\"db\""),
                () -> metric("trainyard_executor_active", "executor=\"db\"") >= metric("trainyard_executor_max_concurrency", "executor=\"db\""), 120);
    }

    @Test
    void fiveTimesTheConnectionPoolIsAnswered503WithinItsWaitAndNothingIsApplied() throws Exception {
        List<Integer> locked = ids(200, 20);
        Map<Integer, Integer> before = Views.of(locked);
        int pool = 20;
        int maxWaiting = (int) metric("trainyard_db_connection_waiting_max");
        double refusedBefore = metric("trainyard_db_connections_refused_total");
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < 5 * pool; i++) {
            paths.add("blocking/entry?id=" + locked.get(i % locked.size()));
        }
        long start = System.nanoTime();
        List<Sent> sent;
        try (RowLock lock = RowLock.hold(locked)) {
            sent = sendAll(paths);
        }
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        Tally answers = tally(sent);
        assertClean(answers, 503);
        assertTrue(took < 20_000, "pool waits (5 s) and statement timeouts (3 s) bound the whole burst: " + took + " ms");
        assertEquals(before, Views.of(locked), "nothing refused was applied");
        // The burst arrives within the entry's statement timeout: no connection is given back
        // before it, so at most the pool's connections and the waiting bound were let in.
        long refusedAtOnce = sent.stream().filter(s -> s.response() != null
                && s.response().body().contains(maxWaiting + " requests already wait for a database connection")).count();
        assertTrue(refusedAtOnce >= paths.size() - pool - maxWaiting, "beyond the pool and " + maxWaiting
                + " waiting, refused without waiting: " + refusedAtOnce + " of " + paths.size());
        assertEquals(refusedBefore + refusedAtOnce, metric("trainyard_db_connections_refused_total"), "/metrics counts every refusal");
        FaultTable.record(server(), "5x the connection pool (blocking, rows locked; " + refusedAtOnce + " refused at once beyond "
                + maxWaiting + " waiting)", answers, 0, -1);
    }

    /**
     * Fills a bounded queue five times over: first its workers are all put on locked rows, then
     * five times the queue's capacity arrives at once. What fits waits; the rest is refused at
     * once with 503; when the rows are released, what waited rides.
     */
    private void overload(String style, String refusal, int capacity, Check allBusy, int firstId) throws Exception {
        assertTrue(capacity > 0, style + ": queue capacity on /metrics");
        // The burst must arrive at once: had each of its requests to open its connection first (a
        // TLS handshake each, on a server with one CPU), they would arrive over seconds, the
        // queue's riders would time out as fast as the next came, and none would find it full.
        // So the connections it will use are opened, and kept alive, before the rows are locked.
        List<String> openers = new ArrayList<>();
        for (int i = 0; i < 5 * capacity; i++) {
            openers.add("blocking/hello");
        }
        for (Sent opener : sendAll(openers)) {
            assertEquals(200, opener.response() == null ? -1 : opener.response().statusCode(), "a connection opened for the burst");
        }
        List<Integer> locked = ids(firstId, 40);
        Map<Integer, Integer> before = Views.of(locked);
        ServerLog.Mark log = ServerLog.mark();
        List<CompletableFuture<Sent>> plugs = new ArrayList<>();
        List<Sent> burst;
        try (RowLock lock = RowLock.hold(locked)) {
            // Every worker on a locked row: one plug at a time, each waiting in the database before
            // the next, until the metrics say all are busy. The entry's statement timeout answers a
            // plug that waited that long (on a slow machine, before the last one is in): the next
            // plug waits only for those still unanswered, and the one answered frees a worker for another.
            int waiting = RowLock.waiters();
            while (!allBusy.holds()) {
                assertTrue(plugs.size() < 200, style + ": workers never all busy");
                plugs.add(send(style + "/entry?id=" + locked.get(plugs.size() % locked.size())));
                awaitLockWaiters(() -> waiting + (int) plugs.stream().filter(plug -> !plug.isDone()).count());
            }
            List<String> paths = new ArrayList<>();
            for (int i = 0; i < 5 * capacity; i++) {
                paths.add(style + "/entry?id=" + locked.get(i % locked.size()));
            }
            burst = sendAll(paths);
        }
        List<Sent> sent = new ArrayList<>(join(plugs));
        sent.addAll(burst);
        Tally answers = tally(sent);
        assertClean(answers, 200, 503);
        long refusedAtOnce = burst.stream().filter(s -> s.response() != null && s.response().statusCode() == 503
                && s.response().body().contains(refusal)).count();
        assertTrue(refusedAtOnce >= 1, style + ": the full queue refused at once: " + answers);
        long duplicated = auditWithinBounds(before, Views.of(locked), sent, 0);
        assertEquals(0, duplicated);
        Map<Integer, Integer> after = Views.of(locked);
        int added = locked.stream().mapToInt(id -> after.get(id) - before.get(id)).sum();
        assertEquals(answers.count(200), added, "views added = 200 answers: nothing refused was applied");
        assertNoTouchAfterComplete(log);
        FaultTable.record(server(), "5x the " + style + " queue (" + capacity + "), workers on locked rows", answers, duplicated, -1);
    }

    // ---------------------------------------------------------------------------------------------

    @FunctionalInterface
    private interface Check {
        boolean holds() throws Exception;
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

    private CompletableFuture<Sent> send(String path) {
        return getAsync(path).handle((response, failure) -> new Sent(path, response));
    }

    private List<Sent> sendAll(List<String> paths) {
        return join(paths.stream().map(this::send).toList());
    }

    private static List<Sent> join(List<CompletableFuture<Sent>> futures) {
        return futures.stream().map(CompletableFuture::join).toList();
    }

    private static Tally tally(List<Sent> sent) {
        Tally tally = new Tally();
        for (Sent s : sent) {
            if (s.response() == null) {
                tally.lost(new IOException("no answer to " + s.path()));
            } else {
                tally.add(s.response());
            }
        }
        return tally;
    }

    private static void assertClean(Tally answers, int... allowed) {
        assertEquals(0, answers.lost(), "every request answered: " + answers);
        assertTrue(answers.problems().isEmpty(), "every answer Trainyard's JSON: " + answers.problems());
        assertTrue(answers.otherThan(allowed).isEmpty(), "only statuses " + java.util.Arrays.toString(allowed) + ": " + answers);
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

    /**
     * 200 answers &le; views added &le; 200 + 504 answers + clients that left, counting only the
     * requests that add a view (a store query's 200 adds none): each 200 applied exactly once, each
     * 504 or vanished client at most once, nothing else ever. Returns the views beyond the upper
     * bound (duplicates), after asserting there are none.
     */
    private static long auditWithinBounds(Map<Integer, Integer> before, Map<Integer, Integer> after, List<Sent> sent, int left) {
        List<Sent> entries = sent.stream().filter(s -> s.path().contains("/entry?")).toList();
        Tally answers = tally(entries);
        long added = before.keySet().stream().mapToLong(id -> after.get(id) - before.get(id)).sum();
        String seen = "added " + added + ", " + answers + " " + entries.stream()
                .map(s -> s.path() + "=" + (s.response() == null ? "none" : s.response().statusCode())).toList();
        assertTrue(added >= answers.count(200), "a 200 whose view is missing: " + seen);
        long beyond = added - (answers.count(200) + answers.count(504) + left);
        assertTrue(beyond <= 0, "views applied beyond the answers: " + seen);
        return Math.max(0, beyond);
    }

    private void assertNoTouchAfterComplete(ServerLog.Mark mark) {
        String logged = ServerLog.since(mark);
        assertFalse(logged.contains("IllegalStateException"), server() + " logged an IllegalStateException:\n"
                + logged.substring(Math.max(0, logged.indexOf("IllegalStateException") - 400),
                        Math.min(logged.length(), logged.indexOf("IllegalStateException") + 1200)));
    }

    private void warm() {
        for (String style : STYLES) {
            assertEquals(200, get(style + "/entry?id=" + (base() + 99)).statusCode(), "warm " + style);
        }
    }

    /** Waits (bounded) until the server has {@code n} statements waiting on the test's locks. */
    private static void awaitLockWaiters(IntSupplier n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (RowLock.waiters() < n.getAsInt()) {
            assertTrue(System.nanoTime() < deadline, "the updates never reached the database");
            Thread.onSpinWait();
        }
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
