package dev.trainyard.answer;

import dev.trainyard.http.Problems;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The response an async answer is written to: status and headers go to the real response (they
 * leave only with the body), the body stays here until {@link AsyncCall} hands it to the container
 * to send without blocking. Whoever renders the answer (a Train worker, a database thread) so never
 * writes to the client's socket, and a client that does not read can hold none of them.
 */
final class AnswerBuffer extends HttpServletResponseWrapper {

    private static final Logger LOG = Logger.getLogger(AnswerBuffer.class.getName());

    private final Bytes body = new Bytes();
    private final ServletOutputStream stream = new ServletOutputStream() {
        @Override
        public void write(int b) {
            body.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            body.write(b, off, len);
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
            throw new IllegalStateException("an async answer is rendered whole, then sent without blocking");
        }
    };
    private PrintWriter writer;
    /** What the answer wrote through its writer, not yet encoded. */
    private StringBuilder chars;

    AnswerBuffer(HttpServletResponse response) {
        super(response);
    }

    /**
     * {@code answer} rendered whole for {@code response}, its length declared there: its failures
     * (400, 404, 503, 504, or a bug's 500) as their JSON answers.
     */
    static Bytes render(HttpServletResponse response, AsyncCall.Answer answer) {
        AnswerBuffer buffer = new AnswerBuffer(response);
        try {
            answer.write(buffer);
        } catch (Throwable e) {
            try {
                if (!(e instanceof RuntimeException failure && Problems.answer(buffer, failure))) {
                    LOG.log(Level.SEVERE, "async request failed", e);
                    Problems.send(buffer, 500, "internal error");
                }
            } catch (IOException | RuntimeException unanswerable) {
                LOG.log(Level.SEVERE, "could not answer a failed async request", unanswerable);
            }
        }
        Bytes body = buffer.body();
        response.setContentLength(body.length());
        return body;
    }

    @Override
    public ServletOutputStream getOutputStream() {
        return stream;
    }

    /**
     * Characters are kept as characters and encoded once, in {@link #body}: an encoder per answer
     * (OutputStreamWriter's) would allocate its own 8 KiB buffer for an answer of a few hundred
     * bytes, on every request.
     */
    @Override
    public PrintWriter getWriter() {
        if (writer == null) {
            chars = new StringBuilder(256);
            writer = new PrintWriter(new Writer() {
                @Override
                public void write(char[] buffer, int off, int len) {
                    chars.append(buffer, off, len);
                }

                @Override
                public void write(String text, int off, int len) {
                    chars.append(text, off, off + len);
                }

                @Override
                public void flush() {
                    // Nothing leaves before the answer is whole.
                }

                @Override
                public void close() {
                    // The answer is handed on by its call, not by its writer.
                }
            });
        }
        return writer;
    }

    /** Nothing has left: an answer that failed half-way starts again with its error. */
    @Override
    public boolean isCommitted() {
        return false;
    }

    /** Drops the body so far, and its writer: the error that replaces it may come in a fresh one. */
    @Override
    public void resetBuffer() {
        writer = null;
        chars = null;
        body.reset();
    }

    @Override
    public void reset() {
        super.reset();
        resetBuffer();
    }

    /** Nothing is sent before the whole answer is rendered. */
    @Override
    public void flushBuffer() {
        // Sent whole by its call.
    }

    /** The rendered body, its characters encoded in the response's charset; its length is what the response declares. */
    Bytes body() {
        if (chars != null) {
            byte[] encoded = chars.toString().getBytes(Charset.forName(getCharacterEncoding()));
            body.write(encoded, 0, encoded.length);
            chars = null;
            writer = null;
        }
        return body;
    }

    /** A byte buffer whose array is sent as it is, without another copy. */
    static final class Bytes extends ByteArrayOutputStream {
        Bytes() {
            super(512);
        }

        byte[] array() {
            return buf;
        }

        int length() {
            return count;
        }
    }
}
