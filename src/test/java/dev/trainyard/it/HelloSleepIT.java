package dev.trainyard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.EndpointTest;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class HelloSleepIT extends EndpointTest {

    @Test
    void helloAnswersSmallJsonWithoutTheDatabase() {
        HttpResponse<String> response = get("blocking/hello");
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        assertTrue(response.body().length() < 1024, "the no-database answer stays under 1 KB");
        JsonObject body = object(response);
        assertEquals("blocking", body.getString("style"));
        // Proves which of the server's configurations the suite runs on (failsafe names it).
        String thread = response.headers().firstValue("X-Trainyard-Thread").orElse("");
        assertEquals(variant(), thread, "the thread a request ran on, on " + server() + "/" + variant());
        assertEquals(thread, body.getString("thread"));
    }

    @Test
    void sleepHoldsTheRequestForTheAskedTime() {
        long start = System.nanoTime();
        HttpResponse<String> response = get("blocking/sleep?ms=150");
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        assertEquals(200, response.statusCode(), response.body());
        assertEquals(150, object(response).getInt("slept"));
        assertTrue(elapsedMs >= 150, "answered after " + elapsedMs + " ms, before the 150 ms sleep ended");
    }

    @Test
    void sleepWithoutMsSleepsTheDefault200() {
        HttpResponse<String> response = get("blocking/sleep");
        assertEquals(200, response.statusCode(), response.body());
        assertEquals(200, object(response).getInt("slept"));
    }

    @Test
    void sleepZeroAnswersAtOnce() {
        HttpResponse<String> response = get("blocking/sleep?ms=0");
        assertEquals(200, response.statusCode(), response.body());
        assertEquals(0, object(response).getInt("slept"));
    }

    @Test
    void helloAndSleepGoAsync() {
        JsonObject hello = object(ok("async/hello"));
        assertEquals("async", hello.getString("style"));
        long start = System.nanoTime();
        JsonObject slept = object(ok("async/sleep?ms=120"));
        assertTrue((System.nanoTime() - start) / 1_000_000 >= 120, "answered before its sleep ended");
        assertEquals(120, slept.getInt("slept"));
    }

    @Test
    void noAsyncRequestIsLeftOpen() throws Exception {
        concurrently(20, "async/sleep?ms=50");
        // onComplete may run just after the client has its answer: look a few times, bounded.
        double open = -1;
        for (int i = 0; i < 50 && open != 0; i++) {
            open = metric("trainyard_async_open_requests");
            if (open != 0) {
                Thread.sleep(100);
            }
        }
        assertEquals(0, open, "open async requests after the load");
    }
}
