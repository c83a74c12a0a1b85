package dev.trainyard.answer;

import dev.trainyard.config.ThreadFactories;
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
 *
 * <p>Where the container runs what follows on the connection (a pipelined request) on the thread
 * that ends the request — GlassFish 7 does: a Train worker served the client's next request,
 * however slow, and its database connections failed validation from then on — a thread of the
 * WAR's hands the end to a container thread ({@link OpenCalls#endsOnContainerThread}). Until that thread
 * gets to it, the container's own callbacks (timeout, error) end the request themselves, and once
 * the container has reported the request over, the hand-over no longer touches it: the container
 * may have recycled it for another request.
 */
final class RequestEnd {

    private static final Logger LOG = Logger.getLogger(RequestEnd.class.getName());

    private final AsyncContext context;
    private final OpenCalls calls;
    private final AsyncCall call;
    private final AtomicBoolean ended = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Whether the container has been told the end (or has reported it over): once. */
    private final AtomicBoolean told = new AtomicBoolean();
    /** The end handed to a container thread and not told yet. */
    private volatile Runnable handedOver;
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
        if (ended.compareAndSet(false, true)) {
            tell(context::complete);
        }
    }

    /** Aborts the connection of an answer that is not all out, counted with the cut ones, unless the request has ended already. */
    void abort(String why) {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        calls.cut.increment();
        // Before the container hears of it: it may serve what was pipelined behind at once.
        calls.aborted.remember(context.getRequest());
        tell(() -> {
            context.getRequest().setAttribute(CutShort.WHY, why);
            context.dispatch(CutShort.PATH);
        });
    }

    private void tell(Runnable end) {
        try {
            if (calls.endsOnContainerThread() && ThreadFactories.ours()) {
                handedOver = end;
                try {
                    call.onContainerThread(this::tellHandedOver);
                } catch (RuntimeException refused) {
                    // The container has no thread to give (it is stopping): end it here.
                    tellHandedOver();
                }
            } else if (told.compareAndSet(false, true)) {
                end.run();
            }
        } catch (IllegalStateException e) {
            // The container ended the request itself (its own timeout or error handling).
            LOG.log(Level.FINE, "request completed by the container", e);
        } finally {
            closed();
        }
    }

    /**
     * Tells the container the end handed over, if nobody has: on the container thread it was
     * handed to, or in the container's own callback (a timeout, an error) that comes first.
     */
    void tellHandedOver() {
        Runnable end = handedOver;
        if (end != null && told.compareAndSet(false, true)) {
            try {
                end.run();
            } catch (IllegalStateException e) {
                LOG.log(Level.FINE, "request completed by the container", e);
            }
        }
    }

    /** The container reports the request over: nothing may touch it from now on. */
    void overForTheContainer() {
        told.set(true);
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
