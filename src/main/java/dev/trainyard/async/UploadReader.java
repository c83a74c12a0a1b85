package dev.trainyard.async;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.scenario.UploadDigest;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Reads an upload through Servlet 3.1 non-blocking input: only while {@code isReady()} says data
 * is there, returning the thread to the container in between, so a slow sender holds no thread.
 * A body that stops before its end is the client's failure, never a whole one: broken (closed or
 * reset), a 400; behind its least pace (nothing, or a trickle, over a stall bound, where GlassFish
 * would hold it until the call's timeout and a trickle would hold it for as long as its sender
 * likes), a 408; either with the connection closed. A watch on the scheduler looks at the pace
 * a few times a stall bound, since a body that sends nothing calls nothing here.
 */
final class UploadReader implements ReadListener {

    private static final Logger LOG = Logger.getLogger(UploadReader.class.getName());

    private final AsyncCall call;
    private final ServletInputStream in;
    private final UploadDigest digest;
    private final boolean closeConnection;
    private final byte[] buffer = new byte[64 * 1024];
    private final ScheduledFuture<?> watch;

    UploadReader(AsyncCall call, ServletInputStream in, UploadDigest.Limits limits, boolean closeConnection,
            ScheduledExecutorService scheduler) {
        this.call = call;
        this.closeConnection = closeConnection;
        this.in = in;
        this.digest = new UploadDigest(limits);
        long every = limits.pace().lookEveryMillis();
        this.watch = scheduler.scheduleAtFixedRate(() -> {
            if (!digest.keepsPace()) {
                call.answer(digest::answerTooSlow);
            }
        }, every, every, TimeUnit.MILLISECONDS);
        call.onEnd(() -> watch.cancel(false));
    }

    @Override
    public void onDataAvailable() throws IOException {
        int n;
        while (!call.ended() && in.isReady() && (n = in.read(buffer)) != -1) {
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
        watch.cancel(false);
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
        watch.cancel(false);
        call.answer(UploadDigest::answerCut);
    }
}
