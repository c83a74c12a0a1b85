package dev.trainyard.train;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.answer.OpenCalls;
import dev.trainyard.config.Setting;
import dev.trainyard.http.Params;
import dev.trainyard.http.Problems;
import dev.trainyard.web.Endpoint;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * How a request rides the train. The container's thread validates, goes async, hands a job to
 * the dispatcher and returns (nothing parks), its output made non-blocking first. When the job's
 * batch is back, its worker writes the answer — the same views as the blocking style — and flushes
 * it without blocking ({@link AsyncCall#sendsWithoutBlocking}); the request completes once it is out.
 *
 * <p>Why the worker writes, and not a container thread: AsyncContext.dispatch() runs the request
 * through the container's whole pipeline a second time (valves, filters, a dispatcher wrapper)
 * before the few hundred bytes go out, and under load that second pass costs more CPU than the
 * answer itself. AsyncContext.start() avoids it on Tomcat but mixed up responses between requests
 * on GlassFish 7; leaving the answer in the container's buffer for the completion to send, or
 * registering the output's listener from the worker, cost the Train throughput. The output is
 * made non-blocking on the container thread that took the request, so that a client that stopped
 * reading answers it pipelined cannot make a worker wait.
 *
 * <p>Every request is answered exactly once, through its {@link AsyncCall}: by its batch once it
 * departed (or, if the database stopped answering, by its timeout: 504, outcome unknown), or — only
 * if it never departed — 503 from its timeout, a full queue or a shutdown, nothing applied.
 */
abstract class TrainEndpoint<R> extends Endpoint {

    /** A full queue clears in well under a second at the train's throughput. */
    static final int FULL_RETRY_AFTER_SECONDS = 1;

    private Trains trains;
    private OpenCalls calls;

    @Override
    public void init() {
        trains = Trains.of(getServletContext());
        calls = OpenCalls.of(getServletContext());
    }

    /** The dispatcher command this endpoint rides. */
    protected abstract String command();

    /** Reads and validates the job's key (a 400 is thrown for bad input). */
    protected abstract int key(Params params);

    protected abstract String notFound(int key);

    protected abstract void render(R value, HttpServletRequest request, HttpServletResponse response) throws IOException;

    @Override
    protected final void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Params params = new Params(request);
        String policy = params.optionalChoice("policy", Setting.TRAIN_POLICY.allowed()).orElse(trains.settings().policy());
        int key = key(params);
        Dispatcher<Integer, R> dispatcher = trains.dispatcher(command(), policy);
        if (dispatcher == null) {
            response.setHeader("Retry-After", Integer.toString(FULL_RETRY_AFTER_SECONDS));
            Problems.send(response, 503, "the server is shutting down; not applied");
            return;
        }
        AsyncCall call = AsyncCall.start(request, response, calls, trains.settings().asyncTimeoutMillis(command()));
        call.sendsWithoutBlocking();
        Job<Integer, R> job = new Job<>(key, System.nanoTime(), call, outcome -> out -> answer(key, outcome, request, out));
        if (!dispatcher.submit(job)) {
            call.refuse(503, "the " + command() + " train is full (" + dispatcher.queueCapacity() + " jobs waiting); try again shortly");
        }
    }

    /** On the worker that carried the job, under its call's lock: the answer its outcome deserves. */
    private void answer(int key, Outcome<R> outcome, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (outcome instanceof Outcome.Found<R> found) {
            render(found.value(), request, response);
        } else if (outcome instanceof Outcome.Missing<R>) {
            Problems.send(response, 404, notFound(key));
        } else if (outcome instanceof Outcome.Failed<R> failed) {
            response.setHeader("Retry-After", Integer.toString(FULL_RETRY_AFTER_SECONDS));
            Problems.send(response, 503, failed.reason());
        } else if (outcome instanceof Outcome.Unknown<R> unknown) {
            Problems.send(response, 504, unknown.reason());
        }
    }
}
