package dev.trainyard.tool.compare.load;

import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Protocol;
import dev.trainyard.tool.compare.plan.ThreadModel;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * What puts a cell's load on the server and measures it: {@link JMeterClient} (the plans of
 * jmeter/), {@link WrkClient} (one URL, lean) or {@link H2loadClient} (one URL, lean, HTTP/2 too). Everything else about a cell (the server, its
 * bounds, the settle, the audit, the report) is the harness's and the same for both.
 */
public interface LoadClient {

    /**
     * The server variant under load: its base URL (ending in /trainyard/, http or https) and port,
     * its thread model, and the protocol its cells speak.
     */
    record Target(String baseUrl, int port, ThreadModel variant, Protocol protocol) {

        /** Whether the client keeps its connections from one request to the next ("-close": a connection per request). */
        public boolean keepAlive() {
            return protocol.keepAlive();
        }
    }

    String name();

    /** The client as cells.csv names the one that measured a cell: jmeter, wrk or h2load. */
    default String key() {
        return name();
    }

    /**
     * Puts the cell's load on the target for {@code warmup + seconds} and measures the steady
     * state, the warm-up left out; a client that keeps its samples writes them to {@code results}.
     */
    CellStats run(CellSpec cell, Target target, int warmup, int seconds, Path results) throws Exception;

    /**
     * Asks the run in progress to end early: its users send no more requests, the ones in flight
     * are answered and counted, and {@link #run} returns. A client that cannot be told so (a
     * process of its own) lets the run go its full seconds.
     */
    default void finishEarly() {
    }

    /** What the report must say about its figures (what it cannot tell or count), or null. */
    default String limits() {
        return null;
    }

    /**
     * The most requests its last {@link #run} (before the first: none) may have had applied on the
     * server without counting them in {@link CellStats#okTotal()}: 0 for a client that waits for
     * every answer; empty for one that cannot tell, whose cells get no views audit.
     */
    OptionalLong uncounted();

    /**
     * The client did not end within its bound (a server that stalls its connections can hold a
     * client at its stop): the cell fails with this reason and the run goes on to the next.
     */
    final class Unfinished extends java.io.IOException {
        Unfinished(String message) {
            super(message);
        }
    }

        /** Fails with the package to install unless {@code command --version} runs. */
    static void installed(String command, String debianPackage) throws java.io.IOException {
        try {
            Process p = new ProcessBuilder(command, "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.io.IOException | InterruptedException e) {
            throw new java.io.IOException(command + " is not installed: apt-get install " + debianPackage, e);
        }
    }

    /** Why the last run's samples are incomplete (a remote engine left out or lost), or null when they are whole. */
    default String partial() {
        return null;
    }
}
