package dev.trainyard.async;

import dev.trainyard.web.Endpoint;
import dev.trainyard.web.Problems;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/** What the async endpoints share: going async, and handing work to a bounded executor. */
abstract class AsyncEndpoint extends Endpoint {

    /** Writes a finished piece of work as the answer. */
    @FunctionalInterface
    interface Render<T> {
        void write(T result, HttpServletResponse response) throws IOException;
    }

    /** A full executor clears quickly: retry after a second. */
    static final int FULL_RETRY_AFTER_SECONDS = 1;

    protected AsyncRequests requests;

    @Override
    public void init() {
        requests = AsyncRequests.of(getServletContext());
    }

    AsyncCall begin(HttpServletRequest request, HttpServletResponse response, long timeoutMillis) {
        return AsyncCall.start(request, response, requests, timeoutMillis);
    }

    /**
     * Runs {@code work} on the executor, then answers with {@code render}. The task claims the request before it
     * starts, so work whose request has timed out in the queue is skipped (no effect). A full
     * executor answers 503 with Retry-After at once, on the request thread. Database work is
     * bounded by the pool's wait and the statement timeout, well inside the request's timeout.
     */
    <T> void offload(AsyncCall call, InstrumentedExecutor executor, Supplier<T> work, Render<T> render) {
        try {
            executor.execute(() -> {
                if (!call.claim()) {
                    return;
                }
                T result;
                try {
                    result = work.get();
                } catch (RuntimeException failure) {
                    call.answer(response -> {
                        throw failure;
                    });
                    return;
                }
                // Only now is the request answered: a timeout during the work answers 504 itself,
                // and this result is then dropped without touching the response.
                call.answer(response -> render.write(result, response));
            });
        } catch (RejectedExecutionException e) {
            call.answer(response -> {
                response.setHeader("Retry-After", Integer.toString(FULL_RETRY_AFTER_SECONDS));
                Problems.send(response, 503, "the " + executor.name() + " executor is full; try again shortly");
            });
        }
    }
}
