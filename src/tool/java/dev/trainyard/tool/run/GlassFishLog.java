package dev.trainyard.tool.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Whether a GlassFish 7 that start-domain reported up writes its server.log, and the remedy when
 * it does not. Now and then the server comes up with its log
 * handler never started: it serves, but every record it logs waits in the handler's memory and
 * none reaches server.log, so an operator's record of a failure is lost (its thread dump shows no
 * "GlassFishLogHandler log pump"; the file ends with the launcher's "JVM invocation command line"
 * record, which asadmin writes before the server starts). The server's first record once its
 * logging is configured names the version it runs (message NCLS-LOGGING-00009): its presence after
 * the start is the proof. The remedy is GlassFish's own: it polls config/logging.properties and,
 * when the file changes, configures its log handler again, which starts it and writes every record
 * that waited, the start's included; the file written again unchanged is such a change.
 */
public final class GlassFishLog {

    /** The record the server writes as soon as its logging is configured, the launcher never. */
    public static final String LOGGING_CONFIGURED = "[NCLS-LOGGING-00009]";
    /** The record asadmin's launcher writes at each start-domain, before the server's JVM starts. */
    public static final String LAUNCHED = "[NCLS-GFLAUNCHER-00005]";
    /** The server's log pump writes a moment after the record; start-domain returns well after it. */
    static final Duration WRITE_BOUND = Duration.ofSeconds(10);
    /** GlassFish looks at logging.properties every half second; then the waiting records are written. */
    static final Duration REVIVE_BOUND = Duration.ofSeconds(20);
    private static final long POLL_MILLIS = 100;

    private GlassFishLog() {
    }

    /** Where the log ends now: a start's records are looked for after it. */
    static long end(Path log) throws IOException {
        return Files.exists(log) ? Files.size(log) : 0;
    }

    /** Where the last start-domain began in the log (its launcher's record), 0 when none is there. */
    public static long lastStart(Path log) throws IOException {
        if (!Files.exists(log)) {
            return 0;
        }
        String text = Files.readString(log, StandardCharsets.UTF_8);
        int at = text.lastIndexOf(LAUNCHED);
        return at < 0 ? 0 : text.substring(0, at).getBytes(StandardCharsets.UTF_8).length;
    }

    /** What a start's log showed: written at once, written once revived, or dead. */
    public enum Outcome { WRITTEN, REVIVED, DEAD }

    /**
     * Whether the domain's server writes its log since {@code from}: at once, or once its
     * logging.properties was written again ({@link Outcome#REVIVED}); DEAD when neither brought its record.
     */
    public static Outcome written(Path domain, long from) throws IOException {
        Path log = domain.resolve("logs/server.log");
        if (configuredWithin(log, from, WRITE_BOUND)) {
            return Outcome.WRITTEN;
        }
        Path properties = domain.resolve("config/logging.properties");
        Files.write(properties, Files.readAllBytes(properties));
        return configuredWithin(log, from, REVIVE_BOUND) ? Outcome.REVIVED : Outcome.DEAD;
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
