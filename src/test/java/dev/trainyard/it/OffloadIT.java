package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.DESTRUCTIVE;
import static dev.trainyard.it.support.Needs.Need.SUITE_SETTINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.Needs;
import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The offload experiment's executors on a real server: every pool answers, a full bounded pool
 * refuses at once with 503 and Retry-After, and the default pool's unbounded queue makes requests
 * time out. The servers run with it-settings.properties (small pools, a 2 s timeout).
 */
class OffloadIT extends EndpointTest {

    @Test
    void everyOffloadPoolAnswers() {
        for (String pool : List.of("default", "bounded", "oversized")) {
            assertEquals(pool, object(ok("async/offload/sleep?ms=10&pool=" + pool)).getString("pool"));
        }
        // Offered where the server's JVM has virtual threads (JDK 21+), refused with a reason elsewhere.
        boolean available = metric("trainyard_jvm_virtual_threads_available") == 1;
        HttpResponse<String> virtual = get("async/offload/sleep?ms=10&pool=virtual");
        if (available) {
            assertEquals(200, virtual.statusCode(), virtual.body());
            assertEquals("virtual", object(virtual).getString("thread"), "a virtual pool runs on virtual threads");
        } else {
            assertEquals(400, virtual.statusCode(), virtual.body());
            assertTrue(object(virtual).getString("message").contains("Java 21+"), virtual.body());
        }
    }

    @Needs({DESTRUCTIVE, SUITE_SETTINGS})
    @Test
    void aFullBoundedPoolRefusesAtOnce() throws Exception {
        // 4 threads and a queue of 4 hold 8; five times that arrives: the rest must be refused, not queued.
        List<HttpResponse<String>> answers = concurrently(40, "async/offload/sleep?pool=bounded&ms=1500");
        long refused = answers.stream().filter(r -> r.statusCode() == 503).count();
        long served = answers.stream().filter(r -> r.statusCode() == 200).count();
        assertEquals(40, refused + served, "only 200 or 503");
        assertTrue(served >= 1 && served <= 8, "served " + served);
        for (HttpResponse<String> r : answers) {
            if (r.statusCode() == 503) {
                assertEquals("1", r.headers().firstValue("Retry-After").orElse(""));
                assertTrue(object(r).getString("message").contains("bounded executor is full"), r.body());
            }
        }
        assertTrue(metric("trainyard_executor_rejected_total", "executor=\"bounded\"") >= refused);
    }

    @Needs({DESTRUCTIVE, SUITE_SETTINGS})
    @Test
    void theDefaultPoolsQueueTimesRequestsOut() throws Exception {
        // 2 threads, an unbounded queue, a budget of 2 s + the 1.8 s sleep: pairs start at 0, 1.8,
        // 3.6 and 5.4 s, so the third pair overruns (504) and the fourth never runs (503).
        List<HttpResponse<String>> answers = concurrently(8, "async/offload/sleep?pool=default&ms=1800");
        long timedOut = answers.stream().filter(r -> (r.statusCode() == 503 || r.statusCode() == 504)
                && object(r).getString("message").startsWith("timed out")).count();
        long served = answers.stream().filter(r -> r.statusCode() == 200).count();
        assertEquals(8, timedOut + served, "only answers or timeouts: "
                + answers.stream().map(r -> r.statusCode() + " " + r.body()).toList());
        assertTrue(served >= 2, "the first pair is served");
        assertTrue(timedOut >= 2, "the unbounded queue made requests wait past their timeout");
    }
}
