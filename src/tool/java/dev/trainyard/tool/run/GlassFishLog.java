package dev.trainyard.tool.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Whether a GlassFish 7 that start-domain reported up writes its server.log. Now and then the
 * server comes up with its logging dead: start-domain succeeds and the server serves, but nothing
 * it logs from then on reaches server.log, so an operator's record of a failure
 * is lost. The file then ends with the launcher's own "JVM invocation command line" record, which
 * asadmin writes before the server starts. The server's first act once its logging is configured
 * is to log the version it runs (message NCLS-LOGGING-00009): its presence after the start is the
 * proof that the log works.
 */
final class GlassFishLog {

    /** The record the server writes as soon as its logging is configured, the launcher never. */
    static final String LOGGING_CONFIGURED = "[NCLS-LOGGING-00009]";
    /** The server's log pump writes a moment after the record; start-domain returns well after it. */
    static final Duration WRITE_BOUND = Duration.ofSeconds(10);
    private static final long POLL_MILLIS = 100;

    private GlassFishLog() {
    }

    /** Where the log ends now: a start's records are looked for after it. */
    static long end(Path log) throws IOException {
        return Files.exists(log) ? Files.size(log) : 0;
    }

    /** Whether the server said its logging is configured in what follows {@code from}, now. */
    static boolean configuredSince(Path log, long from) throws IOException {
        if (!Files.exists(log)) {
            return false;
        }
        try (RandomAccessFile in = new RandomAccessFile(log.toFile(), "r")) {
            // A log shorter than the mark was rolled at the start: read the new file whole.
            long start = in.length() < from ? 0 : from;
            byte[] bytes = new byte[(int) (in.length() - start)];
            in.seek(start);
            in.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8).contains(LOGGING_CONFIGURED);
        }
    }

    /** {@link #configuredSince}, waiting up to {@code bound} for the record to reach the file. */
    static boolean configuredWithin(Path log, long from, Duration bound) throws IOException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!configuredSince(log, from)) {
            if (System.nanoTime() >= deadline) {
                return false;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
