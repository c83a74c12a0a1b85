package dev.trainyard.async;

import dev.trainyard.web.AsyncCall;
import dev.trainyard.web.UploadDigest;
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
    private final byte[] buffer = new byte[64 * 1024];

    UploadReader(AsyncCall call, ServletInputStream in, long maxBytes) {
        this.call = call;
        this.in = in;
        this.digest = new UploadDigest(maxBytes);
    }

    @Override
    public void onDataAvailable() throws IOException {
        try {
            while (in.isReady() && !in.isFinished()) {
                int n = in.read(buffer);
                if (n == -1) {
                    return;
                }
                digest.update(buffer, n);
            }
        } catch (RuntimeException tooLarge) {
            call.fail(tooLarge);
        }
    }

    @Override
    public void onAllDataRead() {
        call.answer(response -> digest.answer(response, "async"));
    }

    @Override
    public void onError(Throwable t) {
        LOG.log(Level.FINE, "upload failed", t);
        call.end();
    }
}
