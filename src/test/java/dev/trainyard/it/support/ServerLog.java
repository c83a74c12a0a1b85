package dev.trainyard.it.support;

import dev.trainyard.it.remote.RemoteDeployment;
import dev.trainyard.tool.run.GlassFishLog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Comparator;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the server under test logged, so that a test can assert that a fault left no trace of a
 * bug (an IllegalStateException from a request touched after it completed, say). Tomcat and
 * GlassFish run as processes of their own: their log files are read. Jetty runs embedded in the
 * test JVM: the WAR's java.util.logging records (WARNING and above) are captured in memory, and so
 * are Jetty's own records, which go through SLF4J to the console's error stream. Against a
 * deployment the suite did not start, the file named by it.log (a container's output followed into
 * a file will do).
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
        PrintStream console = System.err;
        JettyLines jetty = new JettyLines();
        System.setErr(new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                console.write(b);
                jetty.take(new String(new byte[] {(byte) b}, StandardCharsets.ISO_8859_1));
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                console.write(bytes, offset, length);
                jetty.take(new String(bytes, offset, length, StandardCharsets.UTF_8));
            }
        }, true, StandardCharsets.UTF_8));
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

    /**
     * Where the log ends now. A file position alone would not do: Tomcat starts a new catalina
     * file at midnight and GlassFish rolls server.log by renaming it, after which the position
     * points past the end of a new file and every check reads nothing. The file's identity
     * (its inode, which a rename keeps) finds the old file again.
     */
    public static Mark mark() {
        Path file = file();
        if (file == null) {
            return new Mark(null, CAPTURED.length());
        }
        if (System.getProperty("it.log", "").isBlank() && System.getProperty("trainyard.server", "").equals("glassfish")) {
            checkGlassFishWrites(file);
        }
        try {
            return new Mark(key(file), Files.size(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Everything in the server's current log (for the embedded server, since the capture began). */
    public static String all() {
        Path file = file();
        return file == null ? CAPTURED.toString() : read(file, 0);
    }

    /** What was logged since {@code mark}, across a rolled file. */
    public static String since(Mark mark) {
        try {
            return readSince(mark);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String readSince(Mark mark) throws IOException {
        Path file = file();
        if (file == null) {
            return CAPTURED.substring((int) Math.min(mark.offset(), CAPTURED.length()));
        }
        if (key(file).equals(mark.key())) {
            // A file shorter than the mark is a new one that was given the old inode.
            return read(file, Files.size(file) < mark.offset() ? 0 : mark.offset());
        }
        Path rolled = rolledAway(file.getParent(), mark.key());
        return (rolled == null ? "" : read(rolled, mark.offset())) + read(file, 0);
    }

    /**
     * Whether {@code text} appears in what was logged since {@code mark} within {@code millis}:
     * GlassFish writes its log from a queue on a thread of its own, so a record can reach the file
     * a moment after the request that caused it has been answered. Reads again every 20 ms until
     * the text is there or the time is up.
     */
    public static boolean loggedWithin(Mark mark, String text, long millis) {
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

    private static boolean glassFishChecked;

    /**
     * The suite's GlassFish, once: its log written since its last start, or revived the way the
     * runner revives it ({@link GlassFishLog}); a log that stays dead fails here, by its name,
     * rather than as a record a test found missing. A log with no start in it is not a domain's.
     */
    private static synchronized void checkGlassFishWrites(Path file) {
        if (glassFishChecked) {
            return;
        }
        glassFishChecked = true;
        try {
            String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
            if (!text.contains(GlassFishLog.LAUNCHED)) {
                return;
            }
            switch (GlassFishLog.written(file.getParent().getParent(), GlassFishLog.lastStart(file))) {
                case WRITTEN -> { }
                case REVIVED -> System.out.println("the suite's GlassFish came up with its logging dead; its logging.properties"
                        + " written again revived it");
                case DEAD -> throw new IllegalStateException("the suite's GlassFish came up with its logging dead: no "
                        + GlassFishLog.LOGGING_CONFIGURED + " record in " + file + " since its last start, nor once its"
                        + " logging.properties was written again");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A point in the server's log: its file's identity, and the position in it. */
    /**
     * The records of Jetty's own loggers among what the test JVM writes to its error stream (SLF4J's
     * simple format: "[thread] LEVEL logger - message", then the lines of its stack trace): the test's
     * own records there (the embedded database's, say) are not the server's.
     */
    private static final class JettyLines {

        private static final Pattern RECORD = Pattern.compile("^\\[[^\\]]*\\] [A-Z]+ (\\S+) - ");
        private final StringBuilder line = new StringBuilder();
        private boolean inJettyRecord;

        synchronized void take(String text) {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                line.append(c);
                if (c == '\n') {
                    Matcher record = RECORD.matcher(line);
                    if (record.find()) {
                        inJettyRecord = record.group(1).startsWith("org.eclipse.jetty");
                    }
                    if (inJettyRecord) {
                        CAPTURED.append(line);
                    }
                    line.setLength(0);
                }
            }
        }
    }

    public record Mark(Object key, long offset) {
    }

    private static Object key(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file in {@code logs} that still has this identity (renamed when rolled), or null if gone. */
    private static Path rolledAway(Path logs, Object key) {
        try (Stream<Path> files = Files.list(logs)) {
            return files.filter(p -> {
                try {
                    return key.equals(Files.readAttributes(p, BasicFileAttributes.class).fileKey());
                } catch (IOException gone) {
                    return false;
                }
            }).findFirst().orElse(null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file, long offset) {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long from = Math.min(offset, in.length());
            byte[] bytes = new byte[(int) (in.length() - from)];
            in.seek(from);
            in.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True when the server's log can be read: always, but against a deployment that did not name it (it.log). */
    static boolean given() {
        return !RemoteDeployment.active() || !System.getProperty("it.log", "").isBlank();
    }

    /** The server's main log file, or null for the embedded server. */
    private static Path file() {
        String given = System.getProperty("it.log", "");
        if (!given.isBlank()) {
            return Path.of(given);
        }
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
