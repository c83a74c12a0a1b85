package dev.trainyard.async;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.http.HttpProblem;
import dev.trainyard.http.JsonOut;
import dev.trainyard.http.Params;
import dev.trainyard.metrics.ThreadKind;
import dev.trainyard.scenario.SleepArgs;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The "@Async was slower than sync" experiment (experiment E2 offload): the request thread is released,
 * but the blocking sleep moves to an executor thread, which it holds just the same. Which pool
 * decides the outcome: default (8 threads, unbounded queue) queues without limit and latency
 * explodes; bounded refuses what it cannot hold with an immediate 503; oversized holds everything
 * at the price of its threads; virtual unmounts the sleep from its carrier.
 */
@WebServlet(urlPatterns = "/async/offload/sleep", asyncSupported = true)
public class OffloadSleepServlet extends AsyncEndpoint {

    @Override
    protected boolean lab() {
        return true;
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Params params = new Params(request);
        int ms = SleepArgs.ms(params);
        String pool = params.optionalChoice("pool", AsyncExecutors.OFFLOAD_POOLS).orElse("bounded");
        InstrumentedExecutor executor = requests.executors().get(pool);
        if (executor == null) {
            throw HttpProblem.badRequest("parameter 'pool' = virtual needs a JVM with virtual threads (Java 21+); this one runs "
                    + System.getProperty("java.version"));
        }
        AsyncCall call = begin(request, response, requests.timeoutMillis() + ms);
        offload(call, executor, 0, () -> {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ThreadKind.current();
        }, (thread, out) -> {
            try (JsonGenerator json = JsonOut.open(out)) {
                json.writeStartObject()
                        .write("style", "async")
                        .write("pool", pool)
                        .write("slept", ms)
                        .write("thread", thread)
                        .writeEnd();
            }
        });
    }
}
