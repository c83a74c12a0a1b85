package dev.trainyard.train;

import dev.trainyard.web.Endpoint;
import dev.trainyard.web.Params;
import dev.trainyard.web.Problems;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * How a request rides the train. The container's thread validates, goes async, hands a job to
 * the dispatcher and returns (nothing parks). When the job's batch is back, its worker writes the
 * answer — the same views as the blocking style — and completes the request itself.
 *
 * <p>Why the worker writes, and not a container thread: AsyncContext.dispatch() runs the request
 * through the container's whole pipeline a second time (valves, filters, a dispatcher wrapper)
 * before the few hundred bytes go out; at 400 users on Tomcat that second pass was a third of the
 * server's CPU and the train carried about 35% fewer requests. AsyncContext.start() avoids it on
 * Tomcat but mixed up responses between requests on GlassFish 7. A write from the worker is
 * allowed by the Servlet spec for a started async request, and complete() called before the first
 * dispatch has returned takes effect only once it has. The answer is small, so it goes into the
 * socket's send buffer without waiting; only a client that stopped reading answers it pipelined
 * can make the write wait, and then for at most the connector's write timeout.
 *
 * <p>Every path ends in exactly one answer: the batch's, or — only for a job that never departed —
 * a 503 from the timeout or from a full queue.
 */
abstract class TrainEndpoint<R> extends Endpoint {

    private static final Logger LOG = Logger.getLogger(TrainEndpoint.class.getName());
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
        Params params = new Params(request);
        String policy = params.optionalChoice("policy", TrainSettings.POLICIES).orElse(trains.settings().policy());
        int key = key(params);
        Dispatcher<Integer, R> dispatcher = trains.dispatcher(command(), policy);

        AsyncContext async = request.startAsync();
        async.setTimeout(trains.settings().asyncTimeoutMillis());
        Job<Integer, R> job = new Job<>(key, System.nanoTime(), outcome -> answer(key, outcome, async, request, response));
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

    /** On the worker that carried the job (or a timeout's or shutdown's thread): write, then complete. */
    private void answer(int key, Outcome<R> outcome, AsyncContext async, HttpServletRequest request,
                        HttpServletResponse response) {
        try {
            if (outcome instanceof Outcome.Found<R> found) {
                render(found.value(), request, response);
            } else if (outcome instanceof Outcome.Missing<R>) {
                Problems.send(response, 404, notFound(key));
            } else if (outcome instanceof Outcome.Failed<R> failed) {
                response.setHeader("Retry-After", Integer.toString(FULL_RETRY_AFTER_SECONDS));
                Problems.send(response, 503, failed.reason());
            }
        } catch (IOException e) {
            LOG.log(Level.FINE, "client went away before its train answer", e);
        } catch (RuntimeException e) {
            // A bug in rendering must not cost the worker, leave the request open, or end it as an
            // empty 200.
            LOG.log(Level.SEVERE, "train answer failed", e);
            try {
                Problems.send(response, 500, "internal error");
            } catch (IOException | RuntimeException unanswerable) {
                LOG.log(Level.FINE, "could not answer a failed train answer", unanswerable);
            }
        } finally {
            async.complete();
        }
    }
}
