package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * open.jmx as the comparison runs it, against a fixture server: JMeter keeps its evenly spaced
 * schedule, so timing each request from when it was due ({@link DueTimes}) changes nothing where
 * the client kept up; and a server that never answers holds no more requests than the timeout
 * allows, each an error timed from its due time, the run ending by its bounds.
 */
public class OpenModelPlansIT extends ClosedLoopPlans {

    private static final int RATE = 100;

    private List<Sample> run(HttpServer server, int seconds, int tail, int timeoutMillis) throws Exception {
        Path results = dir.resolve("open.jtl");
        engine.run(Path.of("jmeter", "open.jmx"), Map.of("host", "127.0.0.1", "port", Integer.toString(server.getAddress().getPort()),
                "path", "blocking/entry", "rate", Integer.toString(RATE), "duration", Integer.toString(seconds), "tail", Integer.toString(tail),
                "timeout", Integer.toString(timeoutMillis)), 0, results, seconds + tail, seconds);
        return Jtl.read(results);
    }

    @Test
    void aClientOnItsScheduleIsTimedAsItSent() throws Exception {
        ExecutorService handlers = Executors.newFixedThreadPool(16);
        HttpServer server = answering(1024, handlers, exchange -> { });
        List<Sample> sent;
        try {
            sent = run(server, 3, 2, 5000);
        } finally {
            server.stop(0);
            handlers.shutdownNow();
        }
        assertTrue(Math.abs(sent.size() - 3 * RATE) <= 2, sent.size() + " arrivals in 3 s at " + RATE + "/s");
        long first = sent.stream().mapToLong(Sample::start).min().orElseThrow();
        CellStats asSent = CellStats.of(sent, first, first + 3000);
        CellStats fromSchedule = CellStats.of(DueTimes.retime(sent, RATE), first, first + 3000);
        // Evenly spaced arrivals that JMeter kept: the i-th request to start was due i/rate after the first.
        assertTrue(fromSchedule.p50Ms() - asSent.p50Ms() <= 5, "p50 " + fromSchedule.p50Ms() + " ms from the schedule, "
                + asSent.p50Ms() + " ms as sent");
        assertEquals(asSent.samples(), fromSchedule.samples());
    }

    /** The most requests the client had in flight at once, from its samples: each from its start to its end. */
    private static int mostInFlight(List<Sample> samples) {
        List<long[]> edges = new ArrayList<>();
        samples.forEach(s -> {
            edges.add(new long[] {s.start(), 1});
            edges.add(new long[] {s.end(), -1});
        });
        // An end before a start at the same millisecond: a request that ended as another began is not two at once.
        edges.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        int now = 0;
        int most = 0;
        for (long[] e : edges) {
            now += (int) e[1];
            most = Math.max(most, now);
        }
        return most;
    }

    @Test
    void aServerThatNeverAnswersHoldsNoMoreThanTheTimeoutAllows() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        ExecutorService handlers = Executors.newCachedThreadPool();
        HttpServer server = answering(4096, handlers, exchange -> {
            try {
                never.await(); // holds the request until the client gives up
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        int timeoutMillis = 1000;
        long begun = System.nanoTime();
        List<Sample> samples;
        try {
            samples = run(server, 2, 2, timeoutMillis);
        } finally {
            never.countDown();
            server.stop(0);
            handlers.shutdownNow();
        }
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun);
        assertTrue(tookMillis < 10_000, "the run ended by its bounds: " + tookMillis + " ms");
        // One timeout's arrivals in flight at most (and the scheduling's slack), never the whole run's.
        int most = mostInFlight(samples);
        assertTrue(most <= RATE * timeoutMillis / 1000 + RATE / 5, most + " requests in flight at once");
        assertTrue(samples.size() > RATE, samples.size() + " samples");
        assertTrue(samples.stream().noneMatch(Sample::success), "every request failed");
        CellStats due = CellStats.of(DueTimes.retime(samples, RATE), 0, Long.MAX_VALUE);
        assertTrue(due.p50Ms() >= timeoutMillis, "each timed from its due time, at least the timeout: p50 " + due.p50Ms() + " ms");
    }
}
