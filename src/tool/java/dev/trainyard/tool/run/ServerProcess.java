package dev.trainyard.tool.run;

import java.io.IOException;

/** An application server started as its own process with the Trainyard WAR deployed. */
interface ServerProcess extends AutoCloseable {

    /** Starts the server; returns once the process runs (not yet necessarily serving). */
    void start() throws IOException;

    /** The WAR's root URL, e.g. http://127.0.0.1:18080/trainyard/. */
    String baseUrl();

    boolean isAlive();

    /** Blocks until the server process has ended. */
    void awaitExit() throws InterruptedException;

    /** Stops the server and waits for its process to end. */
    @Override
    void close();
}
