package dev.trainyard.config;

import java.util.List;
import java.util.function.IntSupplier;

/**
 * Every setting the WAR reads, each written once here: its key, its default, the values it takes
 * and what it does. The code reads a setting through its constant ({@link #integer()},
 * {@link #choice()}, {@link #text()}), and docs/settings.md is generated from this table, so that
 * neither can hold a default the other does not.
 */
public enum Setting {

    HTTP_ADDRESS("trainyard.http.address", "127.0.0.1",
            "the address the server's listeners bind to; the WAR reads its own HTTPS certificate there for /metrics"),
    HTTPS_PORT("trainyard.https.port", 18443, 1, 65_535, "the HTTPS listener's port, whose certificate /metrics reports"),
    LAB("trainyard.lab", "on", List.of("on", "off"), "off answers the lab endpoints 404"),

    DB_URL("trainyard.db.url", "jdbc:postgresql://127.0.0.1:18432/trainyard",
            "the database; the servers' JDBC pools and the WAR's R2DBC pool read it"),
    DB_USER("trainyard.db.user", "trainyard", "the database user (its password comes from PostgreSQL's password file)"),
    JDBC_POOL_SIZE("trainyard.jdbc.poolSize", 20, 1, 10_000,
            "connections of each pool: the servers' JDBC pools and the WAR's R2DBC pool alike"),
    JDBC_MIN_IDLE("trainyard.jdbc.minIdle", 2, 0, 10_000, "connections kept open while idle"),
    JDBC_MAX_WAIT_MILLIS("trainyard.jdbc.maxWaitMillis", 5_000, 0, 600_000,
            "the longest a request waits for a pool connection; then 503"),
    DB_MAX_WAITING("trainyard.db.maxWaiting", 200, 1, 1_000_000,
            "borrows of a connection in progress at once; one more is refused at once, 503, before it holds anything"),
    JDBC_STATEMENT_TIMEOUT_MILLIS("trainyard.jdbc.statementTimeoutMillis", 30_000, 100, 3_600_000,
            "PostgreSQL cuts any statement after this (statement_timeout on every connection) and rolls it back"),
    ENTRY_STATEMENT_TIMEOUT_SECONDS("trainyard.entry.statementTimeoutSeconds", 5, 1, 600,
            "the tighter bound of the entry's one-row update, in every style and the Train's trips"),
    JDBC_SOCKET_TIMEOUT_SECONDS("trainyard.jdbc.socketTimeoutSeconds", 40, 1, 3_600,
            "a database that stops answering is given up after this"),
    JDBC_CONNECT_TIMEOUT_SECONDS("trainyard.jdbc.connectTimeoutSeconds", 5, 1, 600, "opening a connection is given up after this"),
    R2DBC_EVENT_LOOPS("trainyard.r2dbc.eventLoops", () -> Runtime.getRuntime().availableProcessors(), "the cores", 1, 256,
            "the R2DBC driver's event loops"),

    ASYNC_DEFAULT_THREADS("trainyard.async.default.threads", 8, 1, 10_000, "threads of the offload's default pool (its queue unbounded)"),
    ASYNC_BOUNDED_THREADS("trainyard.async.bounded.threads", 200, 1, 10_000, "threads of the offload's bounded pool"),
    ASYNC_BOUNDED_QUEUE("trainyard.async.bounded.queue", 100, 1, 1_000_000, "the bounded pool's queue; beyond it, 503"),
    ASYNC_OVERSIZED_THREADS("trainyard.async.oversized.threads", 2_000, 1, 100_000, "threads of the offload's oversized pool (no queue)"),
    ASYNC_VIRTUAL_MAX("trainyard.async.virtual.max", 10_000, 1, 1_000_000,
            "tasks of the offload's virtual-thread pool at once (on a JDK with virtual threads)"),
    ASYNC_DB_THREADS("trainyard.async.db.threads", 20, 1, 10_000, "threads that run the async style's JDBC work"),
    ASYNC_DB_QUEUE("trainyard.async.db.queue", 1_000, 1, 1_000_000, "database work waiting for them; beyond it, 503"),
    ASYNC_SCHEDULER_THREADS("trainyard.async.scheduler.threads", 2, 1, 64, "threads that end /async/sleep requests when their time is up"),
    ASYNC_TIMEOUT_MILLIS("trainyard.async.timeoutMillis", 30_000, 100, 600_000, "an async request's timeout where no database is asked"),
    ASYNC_DB_TIMEOUT_MILLIS("trainyard.async.db.timeoutMillis", 60_000, 100, 600_000,
            "an async database request's timeout: shorter than the pool's wait, the statement timeout and 2 s, it stops the deployment"),
    ASYNC_STREAM_TIMEOUT_MILLIS("trainyard.async.streamTimeoutMillis", 600_000, 1_000, 3_600_000, "the longest a products stream may run"),
    ASYNC_STREAM_STALL_MILLIS("trainyard.async.streamStallMillis", 15_000, 1_000, 600_000,
            "a stream's reader, or an answer's or a body's sender, that moves nothing for this long is cut"),
    ASYNC_END_ON("trainyard.async.endOn", "any-thread", List.of("any-thread", "container-thread"),
            "container-thread: the WAR's own threads hand a request's end to a container thread (GlassFish 7 runs a"
                    + " pipelined next request on the thread that ends one)"),
    ASYNC_UPLOAD_CONNECTION("trainyard.async.upload.connection", "keep-alive", List.of("keep-alive", "close"),
            "close: an async upload is answered with Connection: close (GlassFish 7 can lose the start of the next body"
                    + " on the connection)"),
    BODY_LEAST_BYTES_PER_SECOND("trainyard.body.leastBytesPerSecond", 1024, 0, 1 << 30,
            "the least pace of a request body over each stall bound; behind it, 408"),
    UPLOAD_MAX_BYTES("trainyard.upload.maxBytes", 512 * 1024 * 1024, 0, Integer.MAX_VALUE, "the largest upload body; beyond it, 413"),
    UPLOAD_SWALLOW_BYTES("trainyard.upload.swallowBytes", 16 * 1024 * 1024, 0, Integer.MAX_VALUE,
            "how much of a refused upload's body is read and dropped, so that its client gets to read the answer"),
    PRODUCTS_PAGE_SIZE("trainyard.products.pageSize", 2_000, 1, 100_000,
            "rows per query and per write of a products stream: the most an open stream holds"),

    TRAIN_POLICY("trainyard.train.policy", "natural", List.of("natural", "window", "adaptive"),
            "when a train departs: natural, as soon as a worker is free; window, with windowBatch riders or after"
                    + " windowMillis; adaptive, alone while fewer than windowBatch arrived in the last windowMillis"),
    // Few, so that trains fill: a free worker departs at once with whoever waits (server-configs' file says what was measured).
    TRAIN_WORKERS("trainyard.train.workers", 4, 1, 1_000, "workers that carry trains, one database trip each at a time"),
    TRAIN_QUEUE("trainyard.train.queue", 10_000, 1, 1_000_000, "jobs waiting for a train; beyond it, 503"),
    // At most a thousand riders: a trip locks its rows in id order while PostgreSQL joins its ids by index, which
    // it stops doing for some thousands of them (dev.trainyard.data.EntryQueries).
    TRAIN_MAX_BATCH("trainyard.train.maxBatch", 200, 1, 1_000, "riders on one train at most"),
    TRAIN_WINDOW_BATCH("trainyard.train.windowBatch", 5, 1, 1_000, "the window and adaptive policies' riders"),
    TRAIN_WINDOW_MILLIS("trainyard.train.windowMillis", 50, 1, 60_000, "the window and adaptive policies' window"),
    TRAIN_DEPARTURE_TIMEOUT_MILLIS("trainyard.train.departureTimeoutMillis", 5_000, 1, 600_000,
            "a job that has not departed after this is answered 503, nothing of it applied"),

    SHUTDOWN_GRACE_MILLIS("trainyard.shutdown.graceMillis", 5_000, 0, 600_000, "on a stop, how long running work gets to answer by itself"),
    SHUTDOWN_DRAIN_FILE("trainyard.shutdown.drainFile", "",
            "a file whose appearing starts the WAR's drain, for a server that closes its listeners only after it stops the WAR"
                    + " (GlassFish); none by default");

    /** What a setting's values are. */
    public enum Kind { INTEGER, CHOICE, TEXT }

    private final String key;
    private final Kind kind;
    private final String text;
    private final IntSupplier number;
    private final String defaultText;
    private final int min;
    private final int max;
    private final List<String> allowed;
    private final String meaning;

    Setting(String key, int defaultValue, int min, int max, String meaning) {
        this(key, () -> defaultValue, Integer.toString(defaultValue), min, max, meaning);
    }

    Setting(String key, IntSupplier defaultValue, String defaultText, int min, int max, String meaning) {
        this(key, Kind.INTEGER, null, defaultValue, defaultText, min, max, List.of(), meaning);
    }

    Setting(String key, String defaultValue, List<String> allowed, String meaning) {
        this(key, Kind.CHOICE, defaultValue, null, defaultValue, 0, 0, allowed, meaning);
    }

    Setting(String key, String defaultValue, String meaning) {
        this(key, Kind.TEXT, defaultValue, null, defaultValue, 0, 0, List.of(), meaning);
    }

    Setting(String key, Kind kind, String text, IntSupplier number, String defaultText, int min, int max, List<String> allowed,
            String meaning) {
        this.key = key;
        this.kind = kind;
        this.text = text;
        this.number = number;
        this.defaultText = defaultText;
        this.min = min;
        this.max = max;
        this.allowed = allowed;
        this.meaning = meaning;
    }

    /** The value in effect: the system property, else its environment variable, else the default; out of bounds, an error. */
    public int integer() {
        require(Kind.INTEGER);
        return Settings.integer(key, number.getAsInt(), min, max);
    }

    public String choice() {
        require(Kind.CHOICE);
        return Settings.choice(key, text, allowed);
    }

    public String text() {
        require(Kind.TEXT);
        return Settings.text(key, text);
    }

    /** The largest value an integer setting takes. */
    public int maxInteger() {
        require(Kind.INTEGER);
        return max;
    }

    /** The default of an integer setting whose default is a number (not the machine's). */
    public int defaultInteger() {
        require(Kind.INTEGER);
        return number.getAsInt();
    }

    public String key() {
        return key;
    }

    public Kind kind() {
        return kind;
    }

    /** The environment variable that sets it where the system property does not. */
    public String environmentVariable() {
        return Settings.environmentVariable(key);
    }

    /** The default as the configuration files write it: the number, the choice or the text; in words where it is the machine's. */
    public String defaultText() {
        return defaultText;
    }

    /** The values it takes, in words. */
    public String range() {
        return switch (kind) {
            case INTEGER -> min + " to " + max;
            case CHOICE -> String.join(", ", allowed);
            case TEXT -> "any";
        };
    }

    public List<String> allowed() {
        return allowed;
    }

    public String meaning() {
        return meaning;
    }

    private void require(Kind wanted) {
        if (kind != wanted) {
            throw new IllegalStateException(key + " is a " + kind + " setting, not a " + wanted);
        }
    }
}
