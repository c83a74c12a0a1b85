package dev.trainyard.scenario;

import dev.trainyard.config.ClientPace;
import java.util.concurrent.TimeUnit;

/**
 * Whether a body arrives at least at its least pace: in every stretch of a stall bound, counted
 * from its start or from the end of the last stretch it passed, at least
 * {@link ClientPace#leastBytesPerStall()} bytes. A stretch is judged when it is over, at the first
 * look after that (a read returning, a watch's tick), so a stretch may run longer than the bound,
 * never shorter. Once behind, it stays behind. Read and written from several threads (the
 * container's reads, a watch's tick).
 */
public final class BodyPace {

    private final long stretchNanos;
    private final long leastBytes;
    private long stretchStart;
    private long bytesInStretch;
    private boolean behind;

    public BodyPace(ClientPace pace, long nowNanos) {
        this.stretchNanos = TimeUnit.MILLISECONDS.toNanos(pace.stallMillis());
        this.leastBytes = pace.leastBytesPerStall();
        this.stretchStart = nowNanos;
    }

    /** {@code bytes} arrived at {@code nowNanos}; true while the body keeps its pace. */
    public synchronized boolean arrived(long bytes, long nowNanos) {
        bytesInStretch += bytes;
        return keeping(nowNanos);
    }

    /** True while the body keeps its pace, judging a stretch that is over at {@code nowNanos}. */
    public synchronized boolean keeping(long nowNanos) {
        if (!behind && nowNanos - stretchStart >= stretchNanos) {
            behind = bytesInStretch < leastBytes;
            stretchStart = nowNanos;
            bytesInStretch = 0;
        }
        return !behind;
    }
}
