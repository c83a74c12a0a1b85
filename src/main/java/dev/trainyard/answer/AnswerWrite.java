package dev.trainyard.answer;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;

/**
 * Sends one rendered async answer through Servlet 3.1 non-blocking output: the whole body in one
 * write when the container can take some (it keeps what the socket does not take), then a flush,
 * and the call completes once isReady() says all of it has gone. A client that stops reading
 * leaves the answer with the container, waiting for the socket, with no thread held.
 *
 * <p>Made either for an answer already rendered and larger than the container's buffer, and then
 * registered by the thread that answered (the container calls {@link #onWritePossible} to send
 * it), or before there is an answer ({@link #early}), registered by the container thread that
 * started the request, so that whoever answers later pushes the answer out on its own thread
 * without ever blocking.
 */
final class AnswerWrite implements WriteListener {

    private final AsyncCall call;
    private final ServletOutputStream out;
    private final boolean early;
    private AnswerBuffer.Bytes body;
    private boolean written;
    private boolean flushed;
    private boolean waiting;
    private volatile boolean registered;

    private AnswerWrite(AsyncCall call, ServletOutputStream out, boolean early) {
        this.call = call;
        this.out = out;
        this.early = early;
    }

    /** For an answer rendered now: register it, and the container sends it. */
    static AnswerWrite of(AsyncCall call, ServletOutputStream out, AnswerBuffer.Bytes body) {
        AnswerWrite write = new AnswerWrite(call, out, false);
        write.body = body;
        return write;
    }

    /** For an answer to come, registered on the container thread before anybody can answer. */
    static AnswerWrite early(AsyncCall call, ServletOutputStream out) {
        return new AnswerWrite(call, out, true);
    }

    boolean early() {
        return early;
    }

    /** The answer to send, from now on; {@link #pushNow} then sends it. */
    synchronized void take(AnswerBuffer.Bytes answer) {
        body = answer;
    }

    /**
     * Makes this the output's listener; the container then calls {@link #onWritePossible} when it
     * can take the body. Under this lock, so an answer taken meanwhile waits to be pushed until
     * the output is non-blocking (a container may call the listener from inside this).
     */
    synchronized void register() {
        // Before the call: GlassFish calls the listener from inside it.
        registered = true;
        try {
            out.setWriteListener(this);
        } catch (RuntimeException e) {
            registered = false;
            throw e;
        }
    }

    /** Whether the output is non-blocking with this as its listener (before that, only its worker may touch it). */
    boolean registered() {
        return registered;
    }

    @Override
    public void onWritePossible() throws IOException {
        if (pushNow()) {
            call.sent();
        }
    }

    /**
     * Takes the next step of sending (the write, the flush) the container can take now; true once
     * all of the body is out. Nothing before there is a body and the output is non-blocking. The
     * container calls its listener and its timeout one at a time for a request, and whoever
     * answers pushes outside them, so this is one step at a time under this lock.
     */
    synchronized boolean pushNow() throws IOException {
        if (body == null || !registered) {
            return false;
        }
        if (!written) {
            if (!out.isReady()) {
                return false;
            }
            written = true;
            out.write(body.array(), 0, body.length());
        }
        if (!flushed) {
            if (!ready()) {
                return false;
            }
            flushed = true;
            out.flush();
        }
        return ready();
    }

    /** Whether the output can take more; the first time it cannot, the client is watched for taking it. */
    private boolean ready() {
        if (out.isReady()) {
            return true;
        }
        if (!waiting) {
            waiting = true;
            call.waitsForClient();
        }
        return false;
    }

    @Override
    public void onError(Throwable t) {
        call.unsent(t);
    }
}
