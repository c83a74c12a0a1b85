package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.DATABASE;
import static dev.trainyard.it.support.Needs.Need.DESTRUCTIVE;
import static dev.trainyard.it.support.Needs.Need.SERVER_LOG;
import static dev.trainyard.it.support.Needs.Need.SUITE_SETTINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.FaultTable;
import dev.trainyard.it.support.FaultTest;
import dev.trainyard.it.support.Needs;
import dev.trainyard.it.support.RowLock;
import dev.trainyard.it.support.ServerLog;
import dev.trainyard.it.support.Tally;
import dev.trainyard.it.support.Views;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bounded queues filled five times over while their workers wait on locked rows: the train's, the
 * db executor's and the connection pool's. What fits waits, the rest is refused at once with 503
 * and Retry-After, nothing refused is applied, and {@link FaultTest}'s questions hold; in the
 * queues, what waited rides once the rows come free. Each test
 * adds its row to {@link FaultTable}.
 *
 * <p>Settings (it-settings.properties): the entry's update is cut after 3 s, the pools wait 5 s,
 * the train's and the db executor's queues hold 50, and 30 borrows may wait for a connection.
 */
@Needs({DESTRUCTIVE, DATABASE, SERVER_LOG, SUITE_SETTINGS})
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OverloadIT extends FaultTest {

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
        List<CompletableFuture<Sent>> burst;
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
            // What does not fit is refused at once: once that many answers are in, the rows come free and
            // what waited in the queue rides (had a plug been cut meanwhile and its worker taken a rider,
            // fewer are refused, and the riders' own statement timeouts bring the count up).
            CountDownLatch refusals = new CountDownLatch(paths.size() - capacity);
            burst = paths.stream().map(path -> send(path).whenComplete((answered, failed) -> refusals.countDown())).toList();
            assertTrue(refusals.await(60, TimeUnit.SECONDS), style + ": the burst was not answered");
        }
        List<Sent> sent = new ArrayList<>(join(plugs));
        List<Sent> burstAnswers = join(burst);
        sent.addAll(burstAnswers);
        Tally answers = tally(sent);
        assertClean(answers, 200, 503);
        long refusedAtOnce = burstAnswers.stream().filter(s -> s.response() != null && s.response().statusCode() == 503
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
}
