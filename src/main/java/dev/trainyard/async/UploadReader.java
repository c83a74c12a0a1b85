package dev.trainyard.async;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.scenario.UploadDigest;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Reads an upload through Servlet 3.1 non-blocking input: only while {@code isReady()} says data
 * is there, returning the thread to the container in between, so a slow sender holds no thread.
 */
final class UploadReader implements ReadListener {

    private static final Logger LOG = Logger.getLogger(UploadReader.class.getName());

    private final AsyncCall call;
    private final ServletInputStream in;
    private final UploadDigest digest;
    private final boolean closeConnection;
    private final byte[] buffer = new byte[64 * 1024];

    UploadReader(AsyncCall call, ServletInputStream in, UploadDigest.Limits limits, boolean closeConnection) {
        this.call = call;
        this.closeConnection = closeConnection;
        this.in = in;
        this.digest = new UploadDigest(limits);
    }

    @Override
    public void onDataAvailable() throws IOException {
        int n;
        while (in.isReady() && (n = in.read(buffer)) != -1) {
            digest.update(buffer, n);
            if (digest.beyondSwallow()) {
                // Too much to drain: answer now (413, Connection: close) and stop reading.
                onAllDataRead();
                return;
            }
        }
    }

    @Override
    public void onAllDataRead() {
        call.answer(response -> {
            if (closeConnection) {
                response.setHeader("Connection", "close");
            }
            digest.answer(response, "async");
        });
    }

    @Override
    public void onError(Throwable t) {
        LOG.log(Level.FINE, "upload failed", t);
        call.end();
    }
}
