package dev.trainyard.answer;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * The response an async answer is written to: status and headers go to the real response (they
 * leave only with the body), the body stays here until {@link AsyncCall} hands it to the container
 * to send without blocking. Whoever renders the answer (a Train worker, a database thread) so never
 * writes to the client's socket, and a client that does not read can hold none of them.
 */
final class AnswerBuffer extends HttpServletResponseWrapper {

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

    AnswerBuffer(HttpServletResponse response) {
        super(response);
    }

    @Override
    public ServletOutputStream getOutputStream() {
        return stream;
    }

    @Override
    public PrintWriter getWriter() {
        if (writer == null) {
            writer = new PrintWriter(new OutputStreamWriter(stream, Charset.forName(getCharacterEncoding())));
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
        flushWriter();
        writer = null;
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
        flushWriter();
    }

    /** The rendered body; its length is what the response declares. */
    Bytes body() {
        flushWriter();
        return body;
    }

    private void flushWriter() {
        if (writer != null) {
            writer.flush();
        }
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
