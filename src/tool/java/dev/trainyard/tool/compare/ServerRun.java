package dev.trainyard.tool.compare;

import dev.trainyard.tool.run.Tuning;

/**
 * One start of a server variant in a run: with the shared file's settings, or a sweep's tuning of
 * them; its cells spoken over a protocol (http; https: HTTP/1.1 over TLS; h2: HTTP/2 over TLS).
 */
record ServerRun(String server, String variant, Tuning tuning, String protocol) {

    /** The variant as the report's rows name it: "platform", "platform h2", or "platform threads=50 pool=40". */
    String label() {
        String over = protocol.equals("http") ? variant : variant + " " + protocol;
        return tuning.asConfigured() ? over : over + " " + tuning.label();
    }

    /** Whether the server starts its HTTPS listener for this run. */
    boolean tls() {
        return !protocol.equals("http");
    }
}
