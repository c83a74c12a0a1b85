package dev.trainyard.async;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.http.JsonOut;
import dev.trainyard.http.Params;
import dev.trainyard.metrics.ThreadKind;
import dev.trainyard.scenario.SleepArgs;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The DeferredResult experiment (experiment E4 sleep): the request goes async and its thread returns
 * to the container at once; a small scheduler completes it when its time is up. No thread waits
 * during the sleep, so a handful of threads hold thousands of requests; throughput is bounded by
 * connections, not threads (Little: users / (ms / 1000)).
 */
@WebServlet(urlPatterns = "/async/sleep", asyncSupported = true)
public class AsyncSleepServlet extends AsyncEndpoint {

    @Override
    protected boolean lab() {
        return true;
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        int ms = SleepArgs.ms(new Params(request));
        AsyncCall call = begin(request, response, requests.timeoutMillis() + ms);
        try {
            requests.executors().scheduler().schedule(() -> call.answer(out -> {
                try (JsonGenerator json = JsonOut.open(out)) {
                    json.writeStartObject()
                            .write("style", "async")
                            .write("slept", ms)
                            .write("thread", ThreadKind.current())
                            .writeEnd();
                }
            }), ms, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            call.refuse(503, "the server is shutting down; not run");
        }
    }
}
