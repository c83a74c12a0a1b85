package dev.trainyard.train;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.web.ThreadFactories;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The dispatcher's own logic with a command that needs no database. Synchronisation is by
 * latches: the tests wait for events, never for time.
 */
class DispatcherTest {

    private static final long NO_DEADLINE = TimeUnit.HOURS.toNanos(1);

    /** Echoes keys; negative keys are missing; blocks while the gate is closed. */
    static final class EchoCommand implements Command<Integer, String> {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch gate;
        final List<List<Integer>> trips = new CopyOnWriteArrayList<>();
        volatile boolean fail;

        EchoCommand(CountDownLatch gate) {
            this.gate = gate;
        }

        @Override
        public String name() {
            return "echo";
        }

        @Override
        public List<Outcome<String>> run(List<Integer> keys) throws Exception {
            entered.countDown();
            gate.await();
            trips.add(List.copyOf(keys));
            if (fail) {
                throw new IllegalStateException("database down");
            }
            List<Outcome<String>> out = new ArrayList<>();
            for (int key : keys) {
                out.add(key < 0 ? Outcome.missing() : Outcome.found("v" + key));
            }
            return out;
        }
    }

    private static Dispatcher<Integer, String> dispatcher(EchoCommand command, int maxBatch, int workers, int queue,
                                                          long deadlineNanos) {
        return new Dispatcher<>(command, new NaturalPolicy(maxBatch), workers, queue, deadlineNanos,
                ThreadFactories.platform("test"));
    }

    private static Job<Integer, String> job(int key, Map<Integer, List<Outcome<String>>> answers, CountDownLatch done) {
        return new Job<>(key, System.nanoTime(), outcome -> {
            answers.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(outcome);
            done.countDown();
        });
    }

    @Test
    void everyJobIsAnsweredExactlyOnceWithItsOwnOutcome() throws Exception {
        EchoCommand command = new EchoCommand(new CountDownLatch(0));
        Map<Integer, List<Outcome<String>>> answers = new ConcurrentHashMap<>();
        CountDownLatch done = new CountDownLatch(1000);
        try (Dispatcher<Integer, String> dispatcher = dispatcher(command, 50, 4, 2000, NO_DEADLINE)) {
            for (int i = 0; i < 1000; i++) {
                assertTrue(dispatcher.submit(job(i == 500 ? -1 : i, answers, done)));
            }
            assertTrue(done.await(30, TimeUnit.SECONDS));
            assertEquals(1000, answers.size());
            answers.forEach((key, outcomes) -> {
                assertEquals(1, outcomes.size(), "answered once: " + key);
                if (key < 0) {
                    assertInstanceOf(Outcome.Missing.class, outcomes.get(0));
                } else {
                    assertEquals(Outcome.found("v" + key), outcomes.get(0));
                }
            });
            assertEquals(1000, command.trips.stream().mapToInt(List::size).sum());
            assertTrue(command.trips.stream().allMatch(t -> t.size() <= 50), "batches respect the maximum");
            assertEquals(command.trips.size(), dispatcher.roundTrips.sum());
        }
    }

    @Test
    void aFullQueueRefusesAtOnceAndAFailedTripFailsOnlyItsRiders() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        EchoCommand command = new EchoCommand(gate);
        Map<Integer, List<Outcome<String>>> answers = new ConcurrentHashMap<>();
        CountDownLatch done = new CountDownLatch(3);
        try (Dispatcher<Integer, String> dispatcher = dispatcher(command, 10, 1, 2, NO_DEADLINE)) {
            assertTrue(dispatcher.submit(job(1, answers, done)));
            assertTrue(command.entered.await(10, TimeUnit.SECONDS), "the only worker is on its trip");
            command.fail = true;
            assertTrue(dispatcher.submit(job(2, answers, done)));
            assertTrue(dispatcher.submit(job(3, answers, done)));
            assertFalse(dispatcher.submit(job(4, answers, done)), "queue of 2 is full");
            assertEquals(1, dispatcher.rejected.sum());
            gate.countDown();
            assertTrue(done.await(10, TimeUnit.SECONDS));
            for (int key = 1; key <= 3; key++) {
                assertInstanceOf(Outcome.Failed.class, answers.get(key).get(0), "job " + key);
            }
            assertFalse(answers.containsKey(4), "a refused job is answered by its caller, not the train");
            assertEquals(2, dispatcher.failedBatches.sum());
        }
    }

    @Test
    void aJobThatTimedOutBeforeDepartureNeverRides() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        EchoCommand command = new EchoCommand(gate);
        Map<Integer, List<Outcome<String>>> answers = new ConcurrentHashMap<>();
        CountDownLatch done = new CountDownLatch(2);
        try (Dispatcher<Integer, String> dispatcher = dispatcher(command, 10, 1, 10, NO_DEADLINE)) {
            dispatcher.submit(job(1, answers, done));
            assertTrue(command.entered.await(10, TimeUnit.SECONDS));
            Job<Integer, String> late = job(2, answers, done);
            dispatcher.submit(late);
            assertTrue(late.abandon("timed out"), "still queued, so the timeout answers it");
            gate.countDown();
            assertTrue(done.await(10, TimeUnit.SECONDS));
            assertEquals(List.of(List.of(1)), command.trips, "job 2 never rode");
            assertInstanceOf(Outcome.Failed.class, answers.get(2).get(0));
        }
    }

    @Test
    void aCancelledJobIsNeitherAnsweredByTheTrainNorRidden() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        EchoCommand command = new EchoCommand(gate);
        Map<Integer, List<Outcome<String>>> answers = new ConcurrentHashMap<>();
        CountDownLatch done = new CountDownLatch(2);
        try (Dispatcher<Integer, String> dispatcher = dispatcher(command, 10, 1, 10, NO_DEADLINE)) {
            dispatcher.submit(job(1, answers, done));
            assertTrue(command.entered.await(10, TimeUnit.SECONDS));
            Job<Integer, String> withdrawn = job(2, answers, done);
            dispatcher.submit(withdrawn);
            assertTrue(withdrawn.cancel(), "still queued: its request's timeout answers it itself");
            assertFalse(withdrawn.cancel(), "only once");
            dispatcher.submit(job(3, answers, done));
            gate.countDown();
            assertTrue(done.await(10, TimeUnit.SECONDS));
            assertFalse(answers.containsKey(2), "the train did not answer it");
            assertTrue(command.trips.stream().noneMatch(t -> t.contains(2)), "and it never rode");
        }
    }

    @Test
    void jobsPastTheirDepartureDeadlineAreAnsweredWithoutRiding() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        EchoCommand command = new EchoCommand(gate);
        Map<Integer, List<Outcome<String>>> answers = new ConcurrentHashMap<>();
        CountDownLatch done = new CountDownLatch(2);
        try (Dispatcher<Integer, String> dispatcher = dispatcher(command, 10, 1, 10, 0)) {
            // With a deadline of 0 every job is already late when a worker looks at it.
            dispatcher.submit(job(1, answers, done));
            dispatcher.submit(job(2, answers, done));
            gate.countDown();
            assertTrue(done.await(10, TimeUnit.SECONDS));
            assertTrue(command.trips.isEmpty());
            assertEquals(2, dispatcher.expired.sum());
        }
    }

    @Test
    void closingAnswersEveryQueuedJob() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        EchoCommand command = new EchoCommand(gate);
        Map<Integer, List<Outcome<String>>> answers = new ConcurrentHashMap<>();
        CountDownLatch done = new CountDownLatch(5);
        AtomicInteger failedAnswers = new AtomicInteger();
        Dispatcher<Integer, String> dispatcher = dispatcher(command, 10, 1, 10, NO_DEADLINE);
        dispatcher.submit(job(1, answers, done));
        assertTrue(command.entered.await(10, TimeUnit.SECONDS));
        for (int key = 2; key <= 5; key++) {
            dispatcher.submit(job(key, answers, done));
        }
        dispatcher.close();
        gate.countDown();
        assertTrue(done.await(10, TimeUnit.SECONDS), "all five answered");
        for (int key = 2; key <= 5; key++) {
            if (answers.get(key).get(0) instanceof Outcome.Failed) {
                failedAnswers.incrementAndGet();
            }
        }
        assertEquals(4, failedAnswers.get(), "queued jobs get 503 at shutdown");
        assertFalse(dispatcher.submit(job(6, answers, new CountDownLatch(1))), "closed: refuses");
    }
}
