package dev.trainyard.async;

import dev.trainyard.web.Endpoint;
import dev.trainyard.web.Problems;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One async request from startAsync() to complete(), answered exactly once. Its state only moves
 * forward: WAITING (for a thread), RUNNING (its work started: work claims the request before it
 * begins, so work whose request already timed out is skipped and has no effect), ANSWERED. The
 * timeout answers a WAITING request 503 with Retry-After (it never ran), a RUNNING one 504 (its
 * work overran; whatever it produces is dropped). Its AsyncListener keeps the open-request count
 * honest.
 */
final class AsyncCall implements AsyncListener {

    private static final Logger LOG = Logger.getLogger(AsyncCall.class.getName());

    /** What answering does; it may write the response. */
    @FunctionalInterface
    interface Answer {
        void write(HttpServletResponse response) throws IOException;
    }

    private final AsyncContext context;
    private final HttpServletResponse response;
    private final AsyncRequests requests;
    private static final int WAITING = 0;
    private static final int RUNNING = 1;
    private static final int ANSWERED = 2;

    private final AtomicInteger state = new AtomicInteger(WAITING);
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean abortOnTimeout;

    private AsyncCall(AsyncContext context, HttpServletResponse response, AsyncRequests requests) {
        this.context = context;
        this.response = response;
        this.requests = requests;
    }

    static AsyncCall start(HttpServletRequest request, HttpServletResponse response, AsyncRequests requests, long timeoutMillis) {
        AsyncContext context = request.startAsync(request, response);
        context.setTimeout(timeoutMillis);
        AsyncCall call = new AsyncCall(context, response, requests);
        context.addListener(call);
        requests.started.increment();
        requests.open.incrementAndGet();
        return call;
    }

    AsyncContext context() {
        return context;
    }

    HttpServletResponse response() {
        return response;
    }

    /** Marks the work as started; false if the request was already answered (timed out). */
    boolean claim() {
        return state.compareAndSet(WAITING, RUNNING);
    }

    /**
     * Runs the answer (failures become their JSON answers) and completes, unless the request was
     * answered already (by its timeout), in which case the response is not touched.
     */
    void answer(Answer answer) {
        if (state.compareAndSet(WAITING, ANSWERED) || state.compareAndSet(RUNNING, ANSWERED)) {
            write(answer);
        }
    }

    private void write(Answer answer) {
        try {
            answer.write(response);
        } catch (RuntimeException e) {
            try {
                if (!Endpoint.answer(response, e)) {
                    LOG.log(Level.SEVERE, "async request failed", e);
                    Problems.send(response, 500, "internal error");
                }
            } catch (IOException | RuntimeException io) {
                LOG.log(Level.FINE, "could not answer a failed async request", io);
            }
        } catch (IOException e) {
            LOG.log(Level.FINE, "client went away during an async answer", e);
        } finally {
            complete();
        }
    }

    /** Ends the request as it stands (a stream finished or cut short), once. */
    void end() {
        if (state.getAndSet(ANSWERED) != ANSWERED) {
            complete();
        }
    }

    boolean ended() {
        return state.get() == ANSWERED;
    }

    /** A stream that stopped making progress ends where it is, counted with the timeouts. */
    void stalled() {
        if (state.getAndSet(ANSWERED) != ANSWERED) {
            requests.timedOut.increment();
            complete();
        }
    }

    /** For a stream that claimed the request at its start: a timeout ends it where it is. */
    void abortOnTimeout() {
        abortOnTimeout = true;
    }

    @Override
    public void onTimeout(AsyncEvent event) throws IOException {
        if (abortOnTimeout) {
            requests.timedOut.increment();
            LOG.warning("stream timed out after " + context.getTimeout() + " ms; response cut short");
            end();
        } else if (state.compareAndSet(WAITING, ANSWERED)) {
            requests.timedOut.increment();
            response.setHeader("Retry-After", "1");
            Problems.send(response, 503, "timed out after " + context.getTimeout() + " ms waiting for a thread; not run");
            complete();
        } else if (state.compareAndSet(RUNNING, ANSWERED)) {
            requests.timedOut.increment();
            Problems.send(response, 504, "timed out after " + context.getTimeout() + " ms: the work took longer; its result is dropped");
            complete();
        }
    }

    @Override
    public void onError(AsyncEvent event) {
        requests.errors.increment();
        end();
    }

    /**
     * Completes the request and stops counting it as open. The count does not wait for
     * onComplete: when the client has gone, Tomcat may accept complete() and never call it back.
     */
    private void complete() {
        try {
            context.complete();
        } finally {
            close();
        }
    }

    private void close() {
        if (closed.compareAndSet(false, true)) {
            requests.open.decrementAndGet();
        }
    }

    @Override
    public void onComplete(AsyncEvent event) {
        close();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // Not re-started: nothing to do.
    }
}
