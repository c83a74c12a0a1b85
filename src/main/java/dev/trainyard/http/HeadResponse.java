package dev.trainyard.http;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * The response of a HEAD request: status and headers as the GET would send them, the body
 * discarded. Its stream is always ready, so the async style's WriteListener runs through it as it
 * would on a real socket.
 */
public final class HeadResponse extends HttpServletResponseWrapper {

    private final ServletOutputStream nowhere = new ServletOutputStream() {
        @Override
        public void write(int b) {
            // A HEAD answer has no body.
        }

        @Override
        public void write(byte[] b, int off, int len) {
            // A HEAD answer has no body.
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
            try {
                listener.onWritePossible();
            } catch (IOException | RuntimeException e) {
                listener.onError(e);
            }
        }
    };
    private PrintWriter writer;

    public HeadResponse(HttpServletResponse response) {
        super(response);
    }

    @Override
    public ServletOutputStream getOutputStream() {
        return nowhere;
    }

    @Override
    public PrintWriter getWriter() {
        if (writer == null) {
            writer = new PrintWriter(new OutputStreamWriter(nowhere, StandardCharsets.UTF_8));
        }
        return writer;
    }

    @Override
    public void resetBuffer() {
        // Nothing is buffered here; the real response's headers stay as they are.
    }
}
