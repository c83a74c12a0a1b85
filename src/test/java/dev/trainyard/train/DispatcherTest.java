package dev.trainyard.train;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.answer.FakeAsync;
import dev.trainyard.config.ThreadFactories;
import dev.trainyard.data.DataUnavailableException;
import dev.trainyard.data.OutcomeUnknownException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The dispatcher's own logic with a command that needs no database, each job answered through a
 * real {@link dev.trainyard.web.AsyncCall} around a stand-in container. Synchronisation is by
 * latches: the tests wait for events, never for time.
 */
class DispatcherTest {

    private static final long NO_DEADLINE = TimeUnit.HOURS.toNanos(1);

    /** Echoes keys; negative keys are missing; blocks while the gate is closed; fails on demand. */
    static final class EchoCommand implements Command<Integer, String> {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch gate;
        final List<List<Integer>> trips = new CopyOnWriteArrayList<>();
        volatile Throwable failure;

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
            // Like a JDBC call on a socket: an interrupt does not end the wait.
            boolean interrupted = false;
            while (true) {
                try {
                    gate.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            trips.add(List.copyOf(keys));
            Throwable fail = failure;
            if (fail instanceof Exception e) {
                throw e;
            }
            if (fail instanceof Error e) {
                throw e;
            }
            List<Outcome<String>> out = new ArrayList<>();
            for (int key : keys) {
                out.add(key < 0 ? Outcome.missing() : Outcome.found("v" + key));
            }
            return out;
        }
    }

    /** A command behind a gate, each job's stand-in request, and the outcomes the train rendered. */
    private static final class Rig {
        final CountDownLatch gate;
        final EchoCommand command;
        final Map<Integer, FakeAsync> requests = new ConcurrentHashMap<>();
        final Map<Integer, List<Outcome<String>>> rendered = new ConcurrentHashMap<>();
        final CountDownLatch done;
        volatile int explodingKey = Integer.MIN_VALUE;

        Rig(boolean gated, int renderedExpected) {
            gate = new CountDownLatch(gated ? 1 : 0);
            command = new EchoCommand(gate);
            done = new CountDownLatch(renderedExpected);
        }

        Dispatcher<Integer, String> dispatcher(BatchPolicy policy, int workers, int queue, long deadlineNanos) {
            return new Dispatcher<>(command, policy, workers, queue, deadlineNanos, ThreadFactories.platform("test"));
        }

        Dispatcher<Integer, String> dispatcher(int maxBatch, int workers, int queue, long deadlineNanos) {
            return dispatcher(new NaturalPolicy(maxBatch), workers, queue, deadlineNanos);
        }

        Job<Integer, String> job(int key) {
            FakeAsync request = FakeAsync.start();
            requests.put(key, request);
            return new Job<>(key, System.nanoTime(), request.call(), outcome -> response -> {
                if (key == explodingKey) {
                    throw new AssertionError("rendering this rider blew up");
                }
                rendered.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(outcome);
                response.getWriter().write(outcome.toString());
                done.countDown();
            });
        }

        FakeAsync request(int key) {
            return requests.get(key);
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
            assertEquals(1000, rig.rendered.size());
            // A rider is rendered, then its request completed by the same worker: the last few may still be completing.
            for (int key : rig.rendered.keySet()) {
                assertTrue(rig.request(key).awaitCompleted(10_000), "completed: " + key);
            }
            rig.rendered.forEach((key, outcomes) -> {
                assertEquals(1, outcomes.size(), "answered once: " + key);
                assertEquals(1, rig.request(key).completes(), "completed once: " + key);
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
            rig.command.failure = new DataUnavailableException("database unavailable", null);
            assertTrue(dispatcher.submit(rig.job(2)));
            assertTrue(dispatcher.submit(rig.job(3)));
            assertFalse(dispatcher.submit(rig.job(4)), "queue of 2 is full");
            assertEquals(1, dispatcher.rejected.sum());
            rig.gate.countDown();
            assertTrue(rig.done.await(10, TimeUnit.SECONDS));
            for (int key = 1; key <= 3; key++) {
                assertInstanceOf(Outcome.Failed.class, rig.rendered.get(key).get(0), "job " + key);
            }
            assertFalse(rig.rendered.containsKey(4), "a refused job is answered by its caller, not the train");
            assertEquals(0, rig.request(4).completes());
            assertEquals(2, dispatcher.failedBatches.sum());
        }
    }

    @Test
    void aTripWhoseDatabaseNeverAnsweredIsOutcomeUnknownForEachRider() throws Exception {
        Rig rig = new Rig(false, 1);
        rig.command.failure = new OutcomeUnknownException("the database did not answer the update; its outcome is unknown", null);
        try (Dispatcher<Integer, String> dispatcher = rig.dispatcher(10, 1, 10, NO_DEADLINE)) {
            dispatcher.submit(rig.job(1));
            assertTrue(rig.done.await(10, TimeUnit.SECONDS));
            assertInstanceOf(Outcome.Unknown.class, rig.rendered.get(1).get(0));
            assertEquals(1, dispatcher.unknown.sum());
        }
    }

    @Test
    void aJobAnsweredWhileQueuedNeverRides() throws Exception {
        Rig rig = new Rig(true, 2);
        try (Dispatcher<Integer, String> dispatcher = rig.dispatcher(10, 1, 10, NO_DEADLINE)) {
            dispatcher.submit(rig.job(1));
            assertTrue(rig.command.entered.await(10, TimeUnit.SECONDS));
            dispatcher.submit(rig.job(2));
            dispatcher.submit(rig.job(3));
            rig.request(2).timeout();
            rig.request(3).clientGone();
            dispatcher.submit(rig.job(4));
            rig.gate.countDown();
            assertTrue(rig.done.await(10, TimeUnit.SECONDS));
            assertTrue(rig.command.trips.stream().noneMatch(t -> t.contains(2) || t.contains(3)), "neither rode: " + rig.command.trips);
            assertEquals(503, rig.request(2).status(), "its timeout answered it: never run");
            assertFalse(rig.rendered.containsKey(2) || rig.rendered.containsKey(3), "the train did not answer them");
            assertEquals(1, rig.request(2).completes());
            assertEquals(1, rig.request(3).completes());
        }
    }

    @Test
    void aTimeoutDuringTheTripIs504AndTheLateOutcomeIsDroppedWhileItsBatchMatesGetTheirs() throws Exception {
        Rig rig = new Rig(true, 1);
        try (Dispatcher<Integer, String> dispatcher = rig.dispatcher(10, 1, 10, NO_DEADLINE)) {
            dispatcher.submit(rig.job(7));
            dispatcher.submit(rig.job(8));
            assertTrue(rig.command.entered.await(10, TimeUnit.SECONDS));
            FakeAsync departed = rig.request(7);
            departed.timeout();
            assertEquals(504, departed.status(), "departed: its outcome is unknown");
            rig.gate.countDown();
            assertTrue(rig.done.await(10, TimeUnit.SECONDS), "the batch-mate is answered");
            assertFalse(rig.rendered.containsKey(7), "the late outcome is dropped");
            assertEquals(1, departed.completes());
            assertEquals(0, departed.touchesAfterComplete());
        }
    }

    @Test
    void oneRiderWhoseAnswerBlowsUpCostsTheOthersNothingAndTheWorkerLivesOn() throws Exception {
        Rig rig = new Rig(true, 3);
        rig.explodingKey = 2;
        try (Dispatcher<Integer, String> dispatcher = rig.dispatcher(10, 1, 10, NO_DEADLINE)) {
            dispatcher.submit(rig.job(0));
            assertTrue(rig.command.entered.await(10, TimeUnit.SECONDS));
            for (int key = 1; key <= 3; key++) {
                dispatcher.submit(rig.job(key));
            }
            rig.gate.countDown();
            assertTrue(rig.done.await(10, TimeUnit.SECONDS), "0, 1 and 3 answered");
            assertTrue(rig.rendered.containsKey(1) && rig.rendered.containsKey(3));
            assertEquals(500, rig.request(2).status(), "the rider whose rendering failed gets a JSON 500");
            assertEquals(1, rig.request(2).completes());
            CountDownLatch after = new CountDownLatch(1);
            dispatcher.submit(new Job<>(9, System.nanoTime(), FakeAsync.start().call(), outcome -> response -> after.countDown()));
            assertTrue(after.await(10, TimeUnit.SECONDS), "the same single worker still carries trips");
        }
    }

    @Test
    void aWorkerSurvivesAnErrorFromItsCommand() throws Exception {
        Rig rig = new Rig(false, 2);
        rig.command.failure = new StackOverflowError("simulated");
        try (Dispatcher<Integer, String> dispatcher = rig.dispatcher(10, 1, 10, NO_DEADLINE)) {
            dispatcher.submit(rig.job(1));
            assertTrue(rig.request(1).awaitCompleted(10_000));
            assertInstanceOf(Outcome.Unknown.class, rig.rendered.get(1).get(0),
                    "an unexplained failure of a trip may have come after the write: unknown, not 'not applied'");
            rig.command.failure = null;
            dispatcher.submit(rig.job(2));
            assertTrue(rig.done.await(10, TimeUnit.SECONDS));
            assertEquals(Outcome.found("v2"), rig.rendered.get(2).get(0));
        }
    }

    @Test
    void jobsPastTheirDepartureDeadlineAreAnsweredWithoutRiding() throws Exception {
        Rig rig = new Rig(true, 0);
        Dispatcher<Integer, String> dispatcher = rig.dispatcher(10, 1, 10, -1);
        // With a deadline of -1 every job is already late when a worker looks at it.
        dispatcher.submit(rig.job(1));
        dispatcher.submit(rig.job(2));
        rig.gate.countDown();
        assertTrue(rig.request(1).awaitCompleted(10_000) && rig.request(2).awaitCompleted(10_000));
        dispatcher.close();
        assertTrue(rig.command.trips.isEmpty());
        assertEquals(503, rig.request(1).status());
        assertTrue(rig.request(1).body().contains("not applied"), rig.request(1).body());
        assertEquals(2, dispatcher.expired.sum());
    }

    @Test
    void closingAnswersEveryQueuedJobAndTheDepartedOnesGetTheirTrip() throws Exception {
        Rig rig = new Rig(true, 1);
        Dispatcher<Integer, String> dispatcher = rig.dispatcher(10, 1, 10, NO_DEADLINE);
        dispatcher.submit(rig.job(1));
        assertTrue(rig.command.entered.await(10, TimeUnit.SECONDS));
        for (int key = 2; key <= 5; key++) {
            dispatcher.submit(rig.job(key));
        }
        dispatcher.close();
        for (int key = 2; key <= 5; key++) {
            assertEquals(503, rig.request(key).status(), "queued job " + key + " refused at shutdown");
        }
        rig.gate.countDown();
        assertTrue(rig.done.await(10, TimeUnit.SECONDS), "the departed job is answered by its trip");
        assertEquals(Outcome.found("v1"), rig.rendered.get(1).get(0));
        assertFalse(dispatcher.submit(rig.job(6)), "closed: refuses");
    }

    @Test
    void closingAnswersTheJobsAWindowWasHoldingBackForItsDeparture() throws Exception {
        Rig rig = new Rig(false, 0);
        Dispatcher<Integer, String> dispatcher = rig.dispatcher(new WindowPolicy(5, TimeUnit.HOURS.toNanos(1)), 1, 10, NO_DEADLINE);
        dispatcher.submit(rig.job(1));
        dispatcher.submit(rig.job(2));
        // The worker holds both in its batch, waiting out a one-hour window, or they are still queued.
        dispatcher.close();
        assertTrue(rig.request(1).awaitCompleted(10_000) && rig.request(2).awaitCompleted(10_000), "neither is lost");
        assertEquals(503, rig.request(1).status());
        assertEquals(503, rig.request(2).status());
        assertTrue(rig.command.trips.isEmpty());
    }

    @Test
    void submissionsRacingTheCloseAreEachAnsweredOnce() throws Exception {
        Rig rig = new Rig(false, 0);
        Dispatcher<Integer, String> dispatcher = rig.dispatcher(20, 2, 10_000, NO_DEADLINE);
        ExecutorService clients = Executors.newFixedThreadPool(4);
        List<Future<?>> sent = new ArrayList<>();
        CountDownLatch going = new CountDownLatch(4);
        for (int c = 0; c < 4; c++) {
            int client = c;
            sent.add(clients.submit(() -> {
                going.countDown();
                for (int i = 0; i < 500; i++) {
                    Job<Integer, String> job = rig.job(client * 1000 + i);
                    if (!dispatcher.submit(job)) {
                        // What TrainEndpoint does with a refusal.
                        rig.request(client * 1000 + i).call().refuse(503, "the train is full or closed");
                    }
                }
            }));
        }
        assertTrue(going.await(10, TimeUnit.SECONDS));
        dispatcher.close();
        for (Future<?> f : sent) {
            f.get(30, TimeUnit.SECONDS);
        }
        clients.shutdown();
        for (FakeAsync request : rig.requests.values()) {
            assertTrue(request.awaitCompleted(10_000), "every job answered");
        }
        for (FakeAsync request : rig.requests.values()) {
            assertEquals(1, request.completes(), "and once");
            assertEquals(0, request.touchesAfterComplete());
        }
        assertEquals(2000, rig.requests.size());
    }
}
