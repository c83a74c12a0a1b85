package dev.trainyard.tool.run;

import dev.trainyard.tool.db.DbSettings;

/**
 * What the runner stands on: a seeded {@link SeededDatabase} and one {@link Server}
 * variant serving the WAR (the system properties server, variant and protocol, and threads and pool
 * for a {@link Tuning}), started and stopped together.
 */
public final class Stack implements AutoCloseable {

    private volatile SeededDatabase database;
    private volatile Server server;

    /** An empty stack: {@link #close()} stops whatever {@link #startAll()} has started so far. */
    Stack() {
    }

    public static Stack start() throws Exception {
        Stack stack = new Stack();
        stack.startAll();
        return stack;
    }

    /** Starts the database, then the server; on a failure stops what had started and rethrows. */
    void startAll() throws Exception {
        try {
            database = SeededDatabase.start();
            Server.start(System.getProperty("server", "tomcat"), System.getProperty("variant", "platform"),
                    database.settings(), tuning(), https(), created -> server = created);
        } catch (Exception e) {
            close();
            throw e;
        }
    }

    public String baseUrl() {
        return server.baseUrl();
    }

    /** The WAR's root over HTTPS when the run serves it (-Dprotocol=https). */
    public java.util.Optional<String> httpsUrl() {
        return server.httpsUrl();
    }

    /** The file the server logs to. */
    public java.nio.file.Path serverLog() {
        return server.log();
    }

    public java.util.Optional<java.nio.file.Path> certificatePem() {
        return server.certificatePem();
    }

    /**
     * The system properties threads and pool: a setting the tuning sweep tried (its report names
     * the best), run as the sweep ran it; neither keeps server-configs/ as they are.
     */
    static Tuning tuning() {
        return new Tuning(number("threads"), number("pool"));
    }

    private static Integer number(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Integer.valueOf(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(property + " must be a whole number; got " + value);
        }
    }

    /** The system property protocol: http (plain HTTP only, the default) or https (HTTPS beside it). */
    static boolean https() {
        String protocol = System.getProperty("protocol", "http");
        return switch (protocol) {
            case "http" -> false;
            case "https" -> true;
            default -> throw new IllegalArgumentException("protocol must be http or https; got " + protocol);
        };
    }

    public String serverName() {
        return server.name();
    }

    public DbSettings db() {
        return database.settings();
    }

    public boolean embeddedDatabase() {
        return database.embedded();
    }

    void awaitServerExit() throws InterruptedException {
        server.awaitExit();
    }

    /** Stops the server, then the database, whichever of them has started; safe to call twice. */
    @Override
    public void close() {
        Server s = server;
        if (s != null) {
            s.close();
        }
        SeededDatabase d = database;
        if (d != null) {
            d.close();
        }
    }
}
