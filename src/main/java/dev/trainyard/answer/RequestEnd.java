package dev.trainyard.answer;

import jakarta.servlet.AsyncContext;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * How one async request ends, once, from whichever thread gets there first: completed (its answer
 * whole, or nothing left to send) or aborted (its connection closed without the end of its answer,
 * by a dispatch to {@link CutShort}, counted with the cut ones). Either way the request stops
 * counting as open and what its work holds is let go. The count does not wait for onComplete:
 * when the client has gone, Tomcat may accept complete() and never call it back.
 */
final class RequestEnd {

    private static final Logger LOG = Logger.getLogger(RequestEnd.class.getName());

    private final AsyncContext context;
    private final OpenCalls calls;
    private final AsyncCall call;
    private final AtomicBoolean ended = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile Runnable release;

    RequestEnd(AsyncContext context, OpenCalls calls, AsyncCall call) {
        this.context = context;
        this.calls = calls;
        this.call = call;
    }

    /** Whether the request was completed or aborted already. */
    boolean ended() {
        return ended.get();
    }

    /** Completes the request, unless it has ended already. */
    void complete() {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        try {
            context.complete();
        } catch (IllegalStateException e) {
            // The container ended the request itself (its own timeout or error handling).
            LOG.log(Level.FINE, "request completed by the container", e);
        } finally {
            closed();
        }
    }

    /** Aborts the connection of an answer that is not all out, counted with the cut ones, unless the request has ended already. */
    void abort(String why) {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        calls.cut.increment();
        try {
            context.getRequest().setAttribute(CutShort.WHY, why);
            context.dispatch(CutShort.PATH);
        } catch (IllegalStateException e) {
            // The container ended the request itself (its own timeout or error handling).
            LOG.log(Level.FINE, "request completed by the container", e);
        } finally {
            closed();
        }
    }

    /**
     * Runs {@code release} once the request has ended, however it ended. It may run twice when the
     * request ends while it is being set.
     */
    void onEnd(Runnable release) {
        this.release = release;
        if (closed.get()) {
            release.run();
        }
    }

    /** The request is over (ended here, or the container says so): no longer counted as open, once. */
    void closed() {
        if (closed.compareAndSet(false, true)) {
            calls.closed(call);
            Runnable then = release;
            if (then != null) {
                then.run();
            }
        }
    }
}
