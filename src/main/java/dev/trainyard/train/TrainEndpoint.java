package dev.trainyard.train;

import dev.trainyard.web.Endpoint;
import dev.trainyard.web.Params;
import dev.trainyard.web.Problems;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * How a request rides the train. First dispatch: validate, go async, hand a job to the
 * dispatcher, and return the thread to the container (nothing parks). When the job's batch is
 * back, its worker stores the outcome and calls AsyncContext.dispatch(): the container runs this
 * servlet again on one of its own threads (DispatcherType.ASYNC), which writes the answer with
 * the same views as the blocking style. (AsyncContext.start() with a write from its runnable
 * measured faster on Tomcat, but on GlassFish 7 it mixed up responses between requests.) Every path ends in exactly one answer: the batch's, or —
 * only for a job that never departed — a 503 from the timeout or from a full queue.
 */
abstract class TrainEndpoint<R> extends Endpoint {

    private static final String OUTCOME = TrainEndpoint.class.getName() + ".outcome";
    /** A full queue clears in well under a second at the train's throughput. */
    static final int FULL_RETRY_AFTER_SECONDS = 1;

    private Trains trains;

    @Override
    public void init() {
        trains = Trains.of(getServletContext());
    }

    /** The dispatcher command this endpoint rides. */
    protected abstract String command();

    /** Reads and validates the job's key (a 400 is thrown for bad input). */
    protected abstract int key(Params params);

    protected abstract String notFound(int key);

    protected abstract void render(R value, HttpServletRequest request, HttpServletResponse response) throws IOException;

    @Override
    protected final void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (request.getDispatcherType() == DispatcherType.ASYNC) {
            @SuppressWarnings("unchecked")
            Ride<R> ride = (Ride<R>) request.getAttribute(OUTCOME);
            answer(ride, request, response);
            return;
        }
        Params params = new Params(request);
        String policy = params.optionalChoice("policy", TrainSettings.POLICIES).orElse(trains.settings().policy());
        int key = key(params);
        Dispatcher<Integer, R> dispatcher = trains.dispatcher(command(), policy);

        AsyncContext async = request.startAsync();
        async.setTimeout(trains.settings().asyncTimeoutMillis());
        Job<Integer, R> job = new Job<>(key, System.nanoTime(), outcome -> {
            request.setAttribute(OUTCOME, new Ride<>(key, outcome));
            async.dispatch();
        });
        async.addListener(new AsyncListener() {
            @Override
            public void onTimeout(AsyncEvent event) throws IOException {
                // Answered here, on the container's thread: a job still queued never rides.
                if (job.cancel()) {
                    dispatcher.expired();
                    response.setHeader("Retry-After", Integer.toString(FULL_RETRY_AFTER_SECONDS));
                    Problems.send(response, 503, "timed out waiting for a departure; not applied");
                    async.complete();
                }
            }

            @Override
            public void onError(AsyncEvent event) {
                // The client went away: if the job has not left yet, it must not ride.
                if (job.cancel()) {
                    async.complete();
                }
            }

            @Override
            public void onComplete(AsyncEvent event) {
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
            }
        });
        if (!dispatcher.submit(job)) {
            response.setHeader("Retry-After", Integer.toString(FULL_RETRY_AFTER_SECONDS));
            Problems.send(response, 503, "the " + command() + " train is full (" + dispatcher.queueCapacity()
                    + " jobs waiting); try again shortly");
            async.complete();
        }
    }

    private void answer(Ride<R> ride, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (ride == null) {
            Problems.send(response, 500, "async dispatch without an outcome");
        } else if (ride.outcome() instanceof Outcome.Found<R> found) {
            render(found.value(), request, response);
        } else if (ride.outcome() instanceof Outcome.Missing<R>) {
            Problems.send(response, 404, notFound(ride.key()));
        } else if (ride.outcome() instanceof Outcome.Failed<R> failed) {
            response.setHeader("Retry-After", Integer.toString(FULL_RETRY_AFTER_SECONDS));
            Problems.send(response, 503, failed.reason());
        }
    }

    /** What the worker hands back to the request: its key and its outcome. */
    record Ride<R>(int key, Outcome<R> outcome) {
    }
}
