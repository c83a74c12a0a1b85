package dev.trainyard.tool.compare;

import java.nio.file.Path;

/**
 * What puts a cell's load on the server and measures it: {@link JMeterClient} (the plans of
 * jmeter/) or {@link WrkClient} (one URL, lean). Everything else about a cell (the server, its
 * bounds, the settle, the audit, the report) is the harness's and the same for both.
 */
interface LoadClient {

    /** The server variant under load: its base URL (ending in /trainyard/) and port, the variant's name. */
    record Target(String baseUrl, int port, String variant) {
    }

    String name();

    /**
     * Puts the cell's load on the target for {@code warmup + seconds} and measures the steady
     * state, the warm-up left out; a client that keeps its samples writes them to {@code results}.
     */
    CellStats run(CellSpec cell, Target target, int warmup, int seconds, Path results) throws Exception;

    /** Whether every request it sent is in {@link CellStats#okTotal()} or its errors once it returns: the audit relies on it. */
    boolean countsEveryRequest();

    /** Why the last run's samples are incomplete (a remote engine left out or lost), or null when they are whole. */
    default String partial() {
        return null;
    }
}
