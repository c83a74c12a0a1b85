package dev.trainyard.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.config.ThreadFactories;
import dev.trainyard.data.DataUnavailableException;
import dev.trainyard.data.OutcomeUnknownException;
import dev.trainyard.http.HttpProblem;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The answer core on its own: every path (the work, its timeout, the client leaving, a refusal, a
 * shutdown) answers exactly once, with Trainyard's JSON and the right status, and nothing touches
 * the response after the request completed. Races are staged with latches and thread states,
 * never with sleeps.
 */
class AsyncCallTest {

    private static AsyncCall.Answer ok(String body) {
        return response -> response.getWriter().write(body);
    }

    @Test
    void theWorkAnswersAndALaterTimeoutChangesNothing() throws Exception {
        FakeAsync fake = FakeAsync.start();
        assertTrue(fake.call().claim());
        fake.call().answer(ok("{\"done\":true}"));
        fake.timeout();
        assertEquals(200, fake.status());
        assertEquals("{\"done\":true}", fake.body());
        assertEquals(1, fake.completes());
        assertEquals(0, fake.touchesAfterComplete());
    }

    @Test
    void aTimeoutBeforeTheWorkStartedIs503AndTheWorkNeverRuns() throws Exception {
        FakeAsync fake = FakeAsync.start();
        fake.timeout();
        assertEquals(503, fake.status());
        assertEquals("1", fake.header("Retry-After"));
        assertTrue(fake.body().contains("\"status\":503") && fake.body().contains("not run"), fake.body());
        assertFalse(fake.call().claim(), "the work must not start");
        fake.call().answer(ok("late"));
        assertEquals(1, fake.completes());
        assertEquals(0, fake.touchesAfterComplete(), "the late answer did not touch the recycled response");
    }

    @Test
    void aTimeoutWhileTheWorkRunsIs504OutcomeUnknownAndTheLateResultIsDropped() throws Exception {
        FakeAsync fake = FakeAsync.start();
        assertTrue(fake.call().claim());
        fake.timeout();
        assertEquals(504, fake.status());
        assertTrue(fake.body().contains("outcome is unknown"), fake.body());
        assertEquals(null, fake.header("Retry-After"), "a retry could count twice: no invitation");
        fake.call().answer(ok("late"));
        assertFalse(fake.body().contains("late"));
        assertEquals(1, fake.completes());
        assertEquals(0, fake.touchesAfterComplete());
    }

    @Test
    void aClientThatLeavesEndsTheCallOnceAndItsResultIsDropped() {
        FakeAsync fake = FakeAsync.start();
        assertTrue(fake.call().claim());
        fake.clientGone();
        fake.call().answer(ok("late"));
        fake.clientGone();
        assertEquals(1, fake.completes());
        assertEquals(0, fake.touchesAfterComplete());
        assertTrue(fake.call().ended());
    }

    @Test
    void aRefusalOnlyAnswersWorkThatHasNotStarted() {
        FakeAsync waiting = FakeAsync.start();
        assertTrue(waiting.call().refuse(503, "the queue is full"));
        assertEquals(503, waiting.status());
        assertEquals("1", waiting.header("Retry-After"));
        assertFalse(waiting.call().refuse(503, "again"), "answered once");

        FakeAsync running = FakeAsync.start();
        assertTrue(running.call().claim());
        assertFalse(running.call().refuse(503, "shutting down"), "started work is not refused: it answers itself");
        assertEquals(0, running.completes());
        running.call().answer(ok("{}"));
        assertEquals(200, running.status());
    }

    @Test
    void workWithTooLittleTimeLeftIsRefusedWithoutRunning() {
        FakeAsync fake = FakeAsync.start(new OpenCalls(5_000, () -> 0), 1_000);
        assertFalse(fake.call().claim(5_000), "1 s left cannot hold a 5 s run budget");
        assertEquals(503, fake.status());
        assertTrue(fake.body().contains("not run"), fake.body());
        FakeAsync roomy = FakeAsync.start(new OpenCalls(5_000, () -> 0), 60_000);
        assertTrue(roomy.call().claim(5_000));
    }

    @Test
    void failuresOfTheWorkBecomeTheirJsonAnswers() {
        assertFailure(HttpProblem.notFound("no entry with id 9"), 404);
        assertFailure(new DataUnavailableException("database unavailable", null), 503);
        assertFailure(new OutcomeUnknownException("the database did not answer the update; its outcome is unknown", null), 504);
        assertFailure(new IllegalStateException("a bug"), 500);
    }

    private static void assertFailure(RuntimeException failure, int status) {
        FakeAsync fake = FakeAsync.start();
        assertTrue(fake.call().claim());
        fake.call().fail(failure);
        assertEquals(status, fake.status(), failure.toString());
        assertTrue(fake.body().startsWith("{\"status\":" + status + ","), fake.body());
        assertFalse(fake.body().contains("Exception"), "no internals: " + fake.body());
        assertEquals(1, fake.completes());
    }

    @Test
    void aTimeoutThatLosesTheRaceWaitsForTheWinnerInsteadOfLettingTheContainerAnswer() throws Exception {
        FakeAsync fake = FakeAsync.start();
        assertTrue(fake.call().claim());
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread worker = new Thread(() -> fake.call().answer(response -> {
            writing.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            response.getWriter().write("{\"views\":1}");
        }));
        worker.start();
        assertTrue(writing.await(10, TimeUnit.SECONDS));
        Thread timeout = new Thread(() -> {
            try {
                fake.timeout();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        timeout.start();
        // The container's timeout thread must wait for the worker's answer to be complete.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (timeout.getState() != Thread.State.BLOCKED && timeout.isAlive() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(Thread.State.BLOCKED, timeout.getState(), "the timeout waits on the call's lock");
        release.countDown();
        worker.join(10_000);
        timeout.join(10_000);
        assertEquals(200, fake.status());
        assertEquals("{\"views\":1}", fake.body());
        assertEquals(1, fake.completes(), "completed once, by the worker, before the timeout returned");
        assertEquals(0, fake.touchesAfterComplete());
    }

    @Test
    void aDrainRefusesWaitingWorkLetsRunningWorkAnswerAndEndsWhatOverruns() throws Exception {
        OpenCalls calls = new OpenCalls(10_000, () -> 0);
        FakeAsync waiting = FakeAsync.start(calls, 60_000);
        FakeAsync running = FakeAsync.start(calls, 60_000);
        assertTrue(running.call().claim());
        Thread drain = new Thread(calls::drain);
        drain.start();
        assertTrue(waiting.awaitCompleted(10_000), "the waiting call was refused at once");
        assertEquals(503, waiting.status());
        assertTrue(calls.draining());
        running.call().answer(ok("{\"slept\":1}"));
        drain.join(10_000);
        assertFalse(drain.isAlive(), "the drain ended when the running work had answered, well inside its grace");
        assertEquals(200, running.status());
        assertEquals(0, calls.openCount());

        FakeAsync late = FakeAsync.start(calls, 60_000);
        assertEquals(503, late.status(), "a request that starts after the drain is refused at once");
        assertFalse(late.call().claim());
    }

    @Test
    void aDrainAnswers504ForWorkThatOutlastsItsGrace() {
        OpenCalls calls = new OpenCalls(50, () -> 0);
        FakeAsync stuck = FakeAsync.start(calls, 60_000);
        assertTrue(stuck.call().claim());
        calls.drain();
        assertEquals(504, stuck.status());
        assertTrue(stuck.body().contains("shutting down") && stuck.body().contains("outcome is unknown"), stuck.body());
        stuck.call().answer(ok("late"));
        assertEquals(1, stuck.completes());
        assertEquals(0, calls.openCount());
    }
    @Test
    void aCutStreamIsDispatchedToItsAbortNeverCompletedAsWhole() throws Exception {
        OpenCalls calls = new OpenCalls(5_000, () -> 0);
        FakeAsync fake = FakeAsync.start(calls, 60_000);
        fake.call().claimStream();
        fake.call().cut("the reader took nothing");
        assertEquals(CutShort.PATH, fake.dispatchedTo(), "the stream's request goes where its connection is aborted");
        assertEquals("the reader took nothing", fake.attribute(CutShort.WHY));
        assertEquals(0, fake.completes(), "complete() would end the stream as if it were whole");
        assertTrue(fake.call().ended());
        assertFalse(fake.call().whileOpen(() -> { }), "nothing writes to a cut stream");
        assertEquals(0, calls.openCount());
        fake.call().cut("again");
        fake.timeout();
        assertEquals(0, fake.completes(), "cut once; a later timeout finds it ended");
    }

    @Test
    void aStreamThatOutlastsItsTimeoutOrTheDrainIsCutNotEnded() throws Exception {
        FakeAsync timedOut = FakeAsync.start();
        timedOut.call().claimStream();
        timedOut.timeout();
        assertEquals(CutShort.PATH, timedOut.dispatchedTo());
        assertEquals(0, timedOut.completes());

        OpenCalls calls = new OpenCalls(50, () -> 0);
        FakeAsync draining = FakeAsync.start(calls, 60_000);
        draining.call().claimStream();
        calls.drain();
        assertEquals(CutShort.PATH, draining.dispatchedTo());
        assertEquals(0, draining.completes());
        assertEquals(0, calls.openCount());
    }

    @Test
    void anAnswerToAClientThatReadsNothingHoldsNoThreadAndEndsWhenTheClientReads() throws Exception {
        OpenCalls calls = new OpenCalls(5_000, () -> 0, 60_000);
        FakeAsync fake = FakeAsync.start(calls, 60_000);
        fake.bufferSize(0);
        fake.clientStopsReading();
        assertTrue(fake.call().claim());
        fake.call().answer(ok("{\"done\":true}"));
        // answer() has returned: the worker is free, the answer waits with the container.
        assertEquals(0, fake.completes(), "complete() before the answer is out would let the container cut it");
        assertEquals(1, calls.openCount());
        assertEquals(1, calls.unreadCount());
        assertEquals(Integer.toString("{\"done\":true}".length()), fake.header("Content-Length"), "framed by its length: a cut one shows");
        fake.clientReadsAgain();
        assertEquals(1, fake.completes());
        assertEquals("{\"done\":true}", fake.body());
        assertEquals(0, calls.openCount());
        assertEquals(0, calls.unreadCount());
        assertEquals(0, fake.touchesAfterComplete());
    }

    @Test
    void anAnswerItsClientNeverTakesIsCutAtTheStallBoundOrAtItsTimeout() throws Exception {
        OpenCalls calls = new OpenCalls(5_000, () -> 0, 0);
        FakeAsync stalled = FakeAsync.start(calls, 60_000);
        stalled.bufferSize(0);
        stalled.clientStopsReading();
        assertTrue(stalled.call().claim());
        stalled.call().answer(ok("{\"done\":true}"));
        calls.sweep();
        assertEquals(CutShort.PATH, stalled.dispatchedTo(), "its connection is aborted, not completed as if whole");
        assertEquals(0, stalled.completes());
        assertEquals(0, calls.openCount());
        assertEquals(1, calls.cutCount());

        FakeAsync timedOut = FakeAsync.start(new OpenCalls(5_000, () -> 0, 60_000), 60_000);
        timedOut.bufferSize(0);
        timedOut.clientStopsReading();
        assertTrue(timedOut.call().claim());
        timedOut.call().answer(ok("{\"done\":true}"));
        timedOut.timeout();
        assertEquals(CutShort.PATH, timedOut.dispatchedTo());
        assertEquals(0, timedOut.completes());
        timedOut.clientReadsAgain();
        assertEquals(0, timedOut.completes(), "a late drain of the socket does not complete a cut request");
    }

    @Test
    void aSmallAnswerGoesIntoTheContainersBufferUnlessTheCallIsNonBlocking() throws Exception {
        FakeAsync async = FakeAsync.start();
        async.clientStopsReading();
        assertTrue(async.call().claim());
        async.call().answer(ok("{\"done\":true}"));
        assertEquals(1, async.completes(), "left in the buffer: the container sends it as the request completes");
        assertEquals(0, async.flushes(), "the answering thread never writes to the socket");
        assertEquals("{\"done\":true}", async.body());

        FakeAsync train = FakeAsync.start();
        train.call().sendsWithoutBlocking();
        assertTrue(train.call().claim());
        train.call().answer(ok("{\"done\":true}"));
        assertEquals(1, train.flushes(), "pushed out by the answering thread");
        assertEquals(1, train.completes());
        assertEquals("{\"done\":true}", train.body());
    }

    @Test
    void aNonBlockingCallsAnswerToAClientThatReadsNothingHoldsNoThreadAndIsCutAtTheStallBound() throws Exception {
        OpenCalls calls = new OpenCalls(5_000, () -> 0, 0);
        FakeAsync reads = FakeAsync.start(calls, 60_000);
        reads.call().sendsWithoutBlocking();
        reads.clientStopsReading();
        assertTrue(reads.call().claim());
        reads.call().answer(ok("{\"done\":true}"));
        assertEquals(0, reads.completes(), "not out: not complete");
        assertEquals(1, calls.unreadCount());
        reads.clientReadsAgain();
        assertEquals(1, reads.completes());
        assertEquals(1, reads.flushes());
        assertEquals(0, calls.unreadCount());

        FakeAsync never = FakeAsync.start(calls, 60_000);
        never.call().sendsWithoutBlocking();
        never.clientStopsReading();
        assertTrue(never.call().claim());
        never.call().answer(ok("{\"done\":true}"));
        calls.sweep();
        assertEquals(CutShort.PATH, never.dispatchedTo(), "its connection is aborted, not completed as if whole");
        assertEquals(0, never.completes());
        assertEquals(0, calls.openCount());
    }

    @Test
    void aNonBlockingCallRefusedOrTimedOutIsAnsweredThroughItsOutput() throws Exception {
        FakeAsync refused = FakeAsync.start();
        refused.call().sendsWithoutBlocking();
        assertTrue(refused.call().refuse(503, "full"));
        assertEquals(503, refused.status());
        assertEquals("1", refused.header("Retry-After"));
        assertEquals(1, refused.completes());
        assertTrue(refused.body().contains("\"status\":503"), refused.body());

        FakeAsync timedOut = FakeAsync.start();
        timedOut.call().sendsWithoutBlocking();
        assertTrue(timedOut.call().claim());
        timedOut.timeout();
        assertEquals(504, timedOut.status());
        assertEquals(1, timedOut.completes());
        timedOut.call().answer(ok("{\"done\":true}"));
        assertEquals(1, timedOut.completes(), "the late answer is dropped");
        assertTrue(timedOut.body().contains("\"status\":504") && !timedOut.body().contains("done"), timedOut.body());
        assertEquals(0, timedOut.touchesAfterComplete());
    }
    @Test
    void whereTheContainerRunsTheNextRequestOnTheEndingThreadOurThreadsHandTheEndToAContainerThread() throws Exception {
        OpenCalls calls = new OpenCalls(5_000, () -> 0, 60_000, true);
        FakeAsync fake = FakeAsync.start(calls, 60_000);
        fake.call().sendsWithoutBlocking();
        assertTrue(fake.call().claim());
        Thread ours = ThreadFactories.platform("test-worker")
                .newThread(() -> fake.call().answer(ok("{\"done\":true}")));
        ours.start();
        ours.join(5_000);
        assertEquals("{\"done\":true}", fake.body(), "written on the worker");
        assertEquals(0, fake.completes(), "not ended on the worker: the container would serve the next request there");
        assertEquals(0, calls.openCount(), "counted as closed at once");
        assertEquals(1, fake.runOnContainerThread());
        assertEquals(1, fake.completes());

        FakeAsync onContainer = FakeAsync.start(calls, 60_000);
        assertTrue(onContainer.call().claim());
        onContainer.call().answer(ok("{\"done\":true}"));
        assertEquals(1, onContainer.completes(), "a container thread ends it itself");
        assertEquals(0, onContainer.runOnContainerThread());
    }

    @Test
    void aTimeoutBeforeTheHandedOverEndEndsTheRequestAndTheHandOverThenTouchesNothing() throws Exception {
        OpenCalls calls = new OpenCalls(5_000, () -> 0, 60_000, true);
        FakeAsync fake = FakeAsync.start(calls, 60_000);
        assertTrue(fake.call().claim());
        Thread ours = ThreadFactories.platform("test-worker")
                .newThread(() -> fake.call().answer(ok("{\"done\":true}")));
        ours.start();
        ours.join(5_000);
        fake.timeout();
        assertEquals(1, fake.completes(), "ended inside the container's callback");
        assertEquals("{\"done\":true}", fake.body(), "with the work's answer");
        assertEquals(1, fake.runOnContainerThread());
        assertEquals(1, fake.completes(), "the late hand-over does not end it again");
        assertEquals(0, fake.touchesAfterComplete());
    }
}
