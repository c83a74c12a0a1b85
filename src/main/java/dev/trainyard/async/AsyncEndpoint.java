package dev.trainyard.async;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.answer.OpenCalls;
import dev.trainyard.web.Endpoint;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/** What the async endpoints share: going async, and handing work to a bounded executor. */
public abstract class AsyncEndpoint extends Endpoint {

    /** Writes a finished piece of work as the answer. */
    @FunctionalInterface
    public interface Render<T> {
        void write(T result, HttpServletResponse response) throws IOException;
    }

    protected AsyncRequests requests;
    protected OpenCalls calls;

    @Override
    public void init() {
        requests = AsyncRequests.of(getServletContext());
        calls = OpenCalls.of(getServletContext());
    }

    protected AsyncCall begin(HttpServletRequest request, HttpServletResponse response, long timeoutMillis) {
        return AsyncCall.start(request, response, calls, timeoutMillis);
    }

    /**
     * Answers with what {@code work} completes with, where nothing waits for it: the call is claimed
     * with the work's run budget left (see {@link #offload}), the work starts, and its result is
     * written on a container thread, never on the thread that completed it (a driver's event loop,
     * which a slow reader must not hold). A call answered meanwhile (its timeout, the client gone)
     * drops the late result.
     */
    protected <T> void answerWhenDone(AsyncCall call, long runBudgetMillis, Mono<T> work, Render<T> render) {
        if (!call.claim(runBudgetMillis)) {
            return;
        }
        work.subscribe(
                result -> onContainerThread(call, () -> call.answer(response -> render.write(result, response))),
                failure -> onContainerThread(call, () -> call.fail(failure instanceof RuntimeException e
                        ? e : new IllegalStateException(failure))));
    }

    private static void onContainerThread(AsyncCall call, Runnable answer) {
        try {
            call.onContainerThread(answer);
        } catch (IllegalStateException answeredAlready) {
            // The request completed before the work did; its late result is dropped.
        }
    }

    /**
     * Runs {@code work} on the executor, then answers with {@code render}. The task claims the
     * request before it starts, so work whose request was answered in the queue (timeout, client
     * gone, shutdown) is skipped and has no effect; database work claims only with its run budget
     * left ({@code runBudgetMillis}: pool wait + statement timeout + margin; 0 for work that writes
     * nothing), so that work which starts is answered by its own result. A full executor answers
     * 503 with Retry-After at once, on the request thread.
     */
    protected <T> void offload(AsyncCall call, InstrumentedExecutor executor, long runBudgetMillis, Supplier<T> work, Render<T> render) {
        try {
            executor.execute(() -> {
                if (!(runBudgetMillis > 0 ? call.claim(runBudgetMillis) : call.claim())) {
                    return;
                }
                T result;
                try {
                    result = work.get();
                } catch (RuntimeException failure) {
                    call.fail(failure);
                    return;
                }
                // Answered only now: a timeout during the work answered 504 itself, and this
                // result is then dropped without touching the response.
                call.answer(response -> render.write(result, response));
            });
        } catch (RejectedExecutionException e) {
            call.refuse(503, "the " + executor.name() + " executor is full; try again shortly");
        }
    }
}
