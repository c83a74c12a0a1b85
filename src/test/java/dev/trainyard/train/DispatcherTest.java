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

    /** A command behind a gate, the answers each job got, and a latch counting them. */
    private static final class Rig {
        final CountDownLatch gate;
        final EchoCommand command;
        final Map<Integer, List<Outcome<String>>> answers = new ConcurrentHashMap<>();
        final CountDownLatch done;

        Rig(boolean gated, int answersExpected) {
            gate = new CountDownLatch(gated ? 1 : 0);
            command = new EchoCommand(gate);
            done = new CountDownLatch(answersExpected);
        }

        Dispatcher<Integer, String> dispatcher(int maxBatch, int workers, int queue, long deadlineNanos) {
            return new Dispatcher<>(command, new NaturalPolicy(maxBatch), workers, queue, deadlineNanos,
                    ThreadFactories.platform("test"));
        }

        Job<Integer, String> job(int key) {
            return new Job<>(key, System.nanoTime(), outcome -> {
                answers.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(outcome);
                done.countDown();
            });
        }
    }

    @Test
    void everyJobIsAnsweredExactlyOnceWithItsOwnOutcome() throws Exception {
        Rig rig = new Rig(false, 1000);
        try (Dispatcher<Integer, String> dispatcher = rig.dispatcher(50, 4, 2000, NO_DEADLINE)) {
            for (int i = 0; i < 1000; i++) {
                assertTrue(dispatcher.submit(rig.job(i == 500 ? -1 : i)));
            }
            assertTrue(rig.done.await(30, TimeUnit.SECONDS));
            assertEquals(1000, rig.answers.size());
            rig.answers.forEach((key, outcomes) -> {
                assertEquals(1, outcomes.size(), "answered once: " + key);
                if (key < 0) {
                    assertInstanceOf(Outcome.Missing.class, outcomes.get(0));
                } else {
                    assertEquals(Outcome.found("v" + key), outcomes.get(0));
                }
            });
            assertEquals(1000, rig.command.trips.stream().mapToInt(List::size).sum());
            assertTrue(rig.command.trips.stream().allMatch(t -> t.size() <= 50), "batches respect the maximum");
            assertEquals(rig.command.trips.size(), dispatcher.roundTrips.sum());
        }
    }

    @Test
    void aFullQueueRefusesAtOnceAndAFailedTripFailsOnlyItsRiders() throws Exception {
        Rig rig = new Rig(true, 3);
        try (Dispatcher<Integer, String> dispatcher = rig.dispatcher(10, 1, 2, NO_DEADLINE)) {
            assertTrue(dispatcher.submit(rig.job(1)));
            assertTrue(rig.command.entered.await(10, TimeUnit.SECONDS), "the only worker is on its trip");
            rig.command.fail = true;
            assertTrue(dispatcher.submit(rig.job(2)));
            assertTrue(dispatcher.submit(rig.job(3)));
            assertFalse(dispatcher.submit(rig.job(4)), "queue of 2 is full");
            assertEquals(1, dispatcher.rejected.sum());
            rig.gate.countDown();
            assertTrue(rig.done.await(10, TimeUnit.SECONDS));
            for (int key = 1; key <= 3; key++) {
                assertInstanceOf(Outcome.Failed.class, rig.answers.get(key).get(0), "job " + key);
            }
            assertFalse(rig.answers.containsKey(4), "a refused job is answered by its caller, not the train");
            assertEquals(2, dispatcher.failedBatches.sum());
        }
    }

    @Test
    void aJobThatTimedOutBeforeDepartureNeverRides() throws Exception {
        Rig rig = new Rig(true, 2);
        try (Dispatcher<Integer, String> dispatcher = rig.dispatcher(10, 1, 10, NO_DEADLINE)) {
            dispatcher.submit(rig.job(1));
            assertTrue(rig.command.entered.await(10, TimeUnit.SECONDS));
            Job<Integer, String> late = rig.job(2);
            dispatcher.submit(late);
            assertTrue(late.abandon("timed out"), "still queued, so the timeout answers it");
            rig.gate.countDown();
            assertTrue(rig.done.await(10, TimeUnit.SECONDS));
            assertEquals(List.of(List.of(1)), rig.command.trips, "job 2 never rode");
            assertInstanceOf(Outcome.Failed.class, rig.answers.get(2).get(0));
        }
    }

    @Test
    void aCancelledJobIsNeitherAnsweredByTheTrainNorRidden() throws Exception {
        Rig rig = new Rig(true, 2);
        try (Dispatcher<Integer, String> dispatcher = rig.dispatcher(10, 1, 10, NO_DEADLINE)) {
            dispatcher.submit(rig.job(1));
            assertTrue(rig.command.entered.await(10, TimeUnit.SECONDS));
            Job<Integer, String> withdrawn = rig.job(2);
            dispatcher.submit(withdrawn);
            assertTrue(withdrawn.cancel(), "still queued: its request's timeout answers it itself");
            assertFalse(withdrawn.cancel(), "only once");
            dispatcher.submit(rig.job(3));
            rig.gate.countDown();
            assertTrue(rig.done.await(10, TimeUnit.SECONDS));
            assertFalse(rig.answers.containsKey(2), "the train did not answer it");
            assertTrue(rig.command.trips.stream().noneMatch(t -> t.contains(2)), "and it never rode");
        }
    }

    @Test
    void jobsPastTheirDepartureDeadlineAreAnsweredWithoutRiding() throws Exception {
        Rig rig = new Rig(true, 2);
        try (Dispatcher<Integer, String> dispatcher = rig.dispatcher(10, 1, 10, 0)) {
            // With a deadline of 0 every job is already late when a worker looks at it.
            dispatcher.submit(rig.job(1));
            dispatcher.submit(rig.job(2));
            rig.gate.countDown();
            assertTrue(rig.done.await(10, TimeUnit.SECONDS));
            assertTrue(rig.command.trips.isEmpty());
            assertEquals(2, dispatcher.expired.sum());
        }
    }

    @Test
    void closingAnswersEveryQueuedJob() throws Exception {
        Rig rig = new Rig(true, 5);
        AtomicInteger failedAnswers = new AtomicInteger();
        Dispatcher<Integer, String> dispatcher = rig.dispatcher(10, 1, 10, NO_DEADLINE);
        dispatcher.submit(rig.job(1));
        assertTrue(rig.command.entered.await(10, TimeUnit.SECONDS));
        for (int key = 2; key <= 5; key++) {
            dispatcher.submit(rig.job(key));
        }
        dispatcher.close();
        rig.gate.countDown();
        assertTrue(rig.done.await(10, TimeUnit.SECONDS), "all five answered");
        for (int key = 2; key <= 5; key++) {
            if (rig.answers.get(key).get(0) instanceof Outcome.Failed) {
                failedAnswers.incrementAndGet();
            }
        }
        assertEquals(4, failedAnswers.get(), "queued jobs get 503 at shutdown");
        assertFalse(dispatcher.submit(rig.job(6)), "closed: refuses");
    }
}
