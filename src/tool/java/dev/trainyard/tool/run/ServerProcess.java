package dev.trainyard.tool.run;

import java.io.IOException;

/** An application server started as its own process with the Trainyard WAR deployed. */
interface ServerProcess extends AutoCloseable {

    /** Starts the server; returns once the process runs (not yet necessarily serving). */
    void start() throws IOException;

    /** The WAR's root URL, e.g. http://127.0.0.1:18080/trainyard/. */
    String baseUrl();

    boolean isAlive();

    /** The server's processes now (the JVM and what it started), for a look at what they expose. */
    java.util.List<ProcessHandle> processes();

    /** The directory the server runs from: its configuration, its logs, what it writes. */
    java.nio.file.Path directory();

    /** The file the server writes its log to, the WAR's lines included: what an operator reads. */
    java.nio.file.Path log();

    /** Blocks until the server process has ended. */
    void awaitExit() throws InterruptedException;

    /** Stops the server and waits for its process to end. */
    @Override
    void close();
}
