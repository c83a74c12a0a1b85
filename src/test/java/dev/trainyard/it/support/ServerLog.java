package dev.trainyard.it.support;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * What the server under test logged, so that a test can assert that a fault left no trace of a
 * bug (an IllegalStateException from a request touched after it completed, say). Tomcat and
 * GlassFish run as processes of their own: their log files are read. Jetty runs embedded in the
 * test JVM: the WAR's java.util.logging records (WARNING and above) are captured in memory; Jetty's
 * own messages go to the console through SLF4J and are not seen here.
 */
public final class ServerLog {

    private static final StringBuffer CAPTURED = new StringBuffer();
    private static volatile boolean capturing;

    private ServerLog() {
    }

    /** For the embedded server: capture this JVM's warnings from now on (idempotent). */
    static synchronized void captureThisJvm() {
        if (capturing) {
            return;
        }
        capturing = true;
        Logger.getLogger("").addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    CAPTURED.append(record.getLevel()).append(' ').append(record.getLoggerName()).append(": ")
                            .append(record.getMessage()).append('\n');
                    if (record.getThrown() != null) {
                        StringWriter trace = new StringWriter();
                        record.getThrown().printStackTrace(new PrintWriter(trace));
                        CAPTURED.append(trace);
                    }
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
    }

    /** Where the log ends now. */
    public static long mark() {
        Path file = file();
        try {
            return file == null ? CAPTURED.length() : Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What was logged since {@code mark}. */
    public static String since(long mark) {
        Path file = file();
        if (file == null) {
            return CAPTURED.substring((int) Math.min(mark, CAPTURED.length()));
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long from = Math.min(mark, in.length());
            byte[] bytes = new byte[(int) (in.length() - from)];
            in.seek(from);
            in.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Whether {@code text} appears in what was logged since {@code mark} within {@code millis}:
     * GlassFish writes its log from a queue on a thread of its own, so a record can reach the file
     * a moment after the request that caused it has been answered. Reads again every 20 ms until
     * the text is there or the time is up.
     */
    public static boolean loggedWithin(long mark, String text, long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (true) {
            if (since(mark).contains(text)) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** The server's main log file, or null for the embedded server. */
    private static Path file() {
        String server = System.getProperty("trainyard.server", "");
        if (server.equals("tomcat")) {
            Path logs = Path.of(System.getProperty("tomcat.base"), "logs");
            try (Stream<Path> files = Files.list(logs)) {
                return files.filter(p -> p.getFileName().toString().startsWith("catalina.")).max(Comparator.naturalOrder())
                        .orElseThrow(() -> new IllegalStateException("no catalina log in " + logs));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (server.equals("glassfish")) {
            return Path.of(System.getProperty("glassfish.home"), "glassfish/domains/domain1/logs/server.log");
        }
        return null;
    }
}
