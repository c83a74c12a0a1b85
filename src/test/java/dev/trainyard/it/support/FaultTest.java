package dev.trainyard.it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.stream.IntStream;

/**
 * What every fault test asks, whatever the fault: did every request get exactly one answer,
 * Trainyard's JSON with the right status (200, 503 with Retry-After when nothing was applied, 504
 * when the outcome is unknown)? Is the views audit within bounds (200 answers &le; views added &le;
 * 200 answers + 504 answers + clients that left)? Did the server log a request touched after it
 * completed? The rows each test locks lie in its server's own range, so that the three servers'
 * runs never meet on a row.
 */
public abstract class FaultTest extends EndpointTest {

    /** Every style with an entry, on either driver. */
    protected static final List<String> STYLES = List.of("blocking", "async", "train", "blocking/r2dbc", "async/r2dbc");

    protected static int base() {
        return switch (server()) {
            case "tomcat" -> 50_000;
            case "jetty" -> 60_000;
            case "glassfish" -> 70_000;
            default -> 80_000;
        };
    }

    protected static List<Integer> ids(int from, int count) {
        return IntStream.range(base() + from, base() + from + count).boxed().toList();
    }

    /** One request and its answer (null when it got none). */
    protected record Sent(String path, HttpResponse<String> response) {
    }

    @FunctionalInterface
    protected interface Check {
        boolean holds() throws Exception;
    }

    protected CompletableFuture<Sent> send(String path) {
        return getAsync(path).handle((response, failure) -> new Sent(path, response));
    }

    protected List<Sent> sendAll(List<String> paths) {
        return join(paths.stream().map(this::send).toList());
    }

    protected static List<Sent> join(List<CompletableFuture<Sent>> futures) {
        return futures.stream().map(CompletableFuture::join).toList();
    }

    protected static Tally tally(List<Sent> sent) {
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

    protected static void assertClean(Tally answers, int... allowed) {
        assertEquals(0, answers.lost(), "every request answered: " + answers);
        assertTrue(answers.problems().isEmpty(), "every answer Trainyard's JSON: " + answers.problems());
        assertTrue(answers.otherThan(allowed).isEmpty(), "only statuses " + java.util.Arrays.toString(allowed) + ": " + answers);
    }

    /**
     * 200 answers &le; views added &le; 200 + 504 answers + clients that left, counting only the
     * requests that add a view (a store query's 200 adds none): each 200 applied exactly once, each
     * 504 or vanished client at most once, nothing else ever. Returns the views beyond the upper
     * bound (duplicates), after asserting there are none.
     */
    protected static long auditWithinBounds(Map<Integer, Integer> before, Map<Integer, Integer> after, List<Sent> sent, int left) {
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

    protected void assertNoTouchAfterComplete(ServerLog.Mark mark) {
        String logged = ServerLog.since(mark);
        int at = NothingTouchedAfterItEnded.firstTouch(logged);
        assertFalse(at >= 0, () -> server() + " logged an IllegalStateException:\n"
                + logged.substring(Math.max(0, at - 400), Math.min(logged.length(), at + 1200)));
    }

    protected void warm() {
        for (String style : STYLES) {
            assertEquals(200, get(style + "/entry?id=" + (base() + 99)).statusCode(), "warm " + style);
        }
    }

    /** Waits (bounded) until the server has {@code n} statements waiting on the test's locks. */
    protected static void awaitLockWaiters(IntSupplier n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (RowLock.waiters() < n.getAsInt()) {
            assertTrue(System.nanoTime() < deadline, "the updates never reached the database");
            Thread.onSpinWait();
        }
    }
}
