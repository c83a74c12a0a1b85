package dev.trainyard.answer;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;

/**
 * Sends one rendered async answer through Servlet 3.1 non-blocking output: the whole body in one
 * write when the container first says it can take some (it keeps what the socket does not take),
 * and the call completes once isReady() says all of it has gone. A client that stops reading
 * leaves the answer with the container, waiting for the socket, with no thread held.
 */
final class AnswerWrite implements WriteListener {

    private final AsyncCall call;
    private final ServletOutputStream out;
    private final AnswerBuffer.Bytes body;
    private boolean written;
    private volatile boolean registered;

    AnswerWrite(AsyncCall call, ServletOutputStream out, AnswerBuffer.Bytes body) {
        this.call = call;
        this.out = out;
        this.body = body;
    }

    /** Makes this the output's listener: the container then calls {@link #onWritePossible} when it can take the body. */
    void register() {
        out.setWriteListener(this);
        registered = true;
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
     * Writes the body if it has not been and the container can take it; true once all of it is
     * out. The container calls its listener and its timeout one at a time for a request, so the
     * timeout may finish the write here too.
     */
    synchronized boolean pushNow() throws IOException {
        if (!written) {
            if (!out.isReady()) {
                return false;
            }
            written = true;
            out.write(body.array(), 0, body.length());
            if (!out.isReady()) {
                call.waitsForClient();
                return false;
            }
            return true;
        }
        return out.isReady();
    }

    @Override
    public void onError(Throwable t) {
        call.unsent(t);
    }
}
