package dev.trainyard.tool.compare.plan;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What a server run's cells speak, in the order the report compares them: http; http-close (a new
 * connection for every request); https (HTTP/1.1 over TLS); https-close (a new handshake for
 * every request); h2 (HTTP/2 over TLS).
 */
public enum Protocol {
    HTTP("http"), HTTP_CLOSE("http-close"), HTTPS("https"), HTTPS_CLOSE("https-close"), H2("h2");

    /** The protocols option's values, in this order. */
    public static final String KEYS = Arrays.stream(values()).map(Protocol::key).collect(Collectors.joining(","));

    private final String key;

    Protocol(String key) {
        this.key = key;
    }

    /** As the protocols option and the report name it. */
    public String key() {
        return key;
    }

    public static Protocol of(String key) {
        return Arrays.stream(values()).filter(p -> p.key.equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no protocol " + key + " (one of " + KEYS + ")"));
    }

    /** Whether the server starts its HTTPS listener for it. */
    public boolean tls() {
        return this != HTTP && this != HTTP_CLOSE;
    }

    /** Whether a client keeps its connection for the next request (not the "-close" protocols). */
    public boolean keepAlive() {
        return this != HTTP_CLOSE && this != HTTPS_CLOSE;
    }
}
