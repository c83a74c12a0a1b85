package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A run told to finish early (the thread model's hold, once read) ends long before its duration,
 * and whole: every request the server answered is a successful sample, none cut, none sent after;
 * the open model's drain ends once its last answers are in, not at the end of its pause. The
 * server is a fixture answering each request after a while, so that a stop finds requests in
 * flight; what is under test is how the engine stops.
 */
public class FinishEarlyPlansIT extends ClosedLoopPlans {

    private static final int USERS = 50;
    private static final int DURATION_SECONDS = 30;

    @Test
    void endsOnceItsRequestsInFlightAreAnswered() throws Exception {
        AtomicInteger answered = new AtomicInteger();
        CountDownLatch everyUserIn = new CountDownLatch(USERS);
        ExecutorService handlers = Executors.newFixedThreadPool(USERS + 8);
        HttpServer server = answering(1024, handlers, exchange -> {
            everyUserIn.countDown();
            try {
                Thread.sleep(300); // the fixture's work: a stop always finds requests in flight
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            answered.incrementAndGet();
        });
        Path results = dir.resolve("sleep.jtl");
        long begun = System.currentTimeMillis();
        try {
            CompletableFuture<Void> run = CompletableFuture.runAsync(() -> {
                try {
                    engine.run(Path.of("jmeter", "sleep.jmx"), Map.of("host", "127.0.0.1", "port", Integer.toString(server.getAddress().getPort()),
                            "users", Integer.toString(USERS), "rampup", "0", "duration", Integer.toString(DURATION_SECONDS)), USERS, results,
                            DURATION_SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertTrue(everyUserIn.await(DURATION_SECONDS, TimeUnit.SECONDS), "every user sent a request");
            engine.finishEarly();
            run.get(DURATION_SECONDS * 2L, TimeUnit.SECONDS);
        } finally {
            server.stop(0);
            handlers.shutdownNow();
        }
        List<Sample> samples = Jtl.read(results);
        long lastEnd = samples.stream().mapToLong(Sample::end).max().orElseThrow();
        assertTrue(lastEnd < begun + DURATION_SECONDS * 1000L / 2, "the run ended early: its last answer "
                + (lastEnd - begun) + " ms in, of " + DURATION_SECONDS + " s");
        assertEquals(answered.get(), samples.size(), "every answered request is a sample");
        assertEquals(samples.size(), samples.stream().filter(s -> s.code().equals("200")).count(), "no request was cut (each answered 200)");
    }

    @Test
    void theOpenModelsDrainEndsOnceItsLastAnswersAreIn() throws Exception {
        AtomicInteger answered = new AtomicInteger();
        ExecutorService handlers = Executors.newFixedThreadPool(64);
        HttpServer server = answering(1024, handlers, exchange -> {
            try {
                Thread.sleep(300); // every arrival is still in flight for a while, the last ones after the schedule's arrivals
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            answered.incrementAndGet();
        });
        int tail = DURATION_SECONDS;
        Path results = dir.resolve("open.jtl");
        long begun = System.nanoTime();
        try {
            engine.run(Path.of("jmeter", "open.jmx"), Map.of("host", "127.0.0.1", "port", Integer.toString(server.getAddress().getPort()),
                    "path", "blocking/entry", "rate", "50", "duration", "1", "tail", Integer.toString(tail)), 0, results, 1 + tail, 1);
        } finally {
            server.stop(0);
            handlers.shutdownNow();
        }
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun);
        List<Sample> samples = Jtl.read(results);
        assertTrue(tookMillis < tail * 1000L / 2, "the drain ended with its last answer, not " + tail + " s after the arrivals: " + tookMillis + " ms");
        assertTrue(samples.size() > 10, samples.size() + " arrivals in 1 s at 50/s");
        assertEquals(answered.get(), samples.size(), "every answered request is a sample");
        assertEquals(samples.size(), samples.stream().filter(s -> s.code().equals("200")).count(), "no answer was cut (each 200)");
    }
}
