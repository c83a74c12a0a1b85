package dev.trainyard.tool.compare.plan;

import dev.trainyard.tool.run.Tuning;
import java.util.List;

/**
 * One start of a server variant in a run: with the shared file's settings, or a sweep's tuning of
 * them; its cells spoken over a protocol (http; https: HTTP/1.1 over TLS; h2: HTTP/2 over TLS; http-close and
 * https-close: a new connection, and over TLS a new handshake, for every request).
 */
public record ServerRun(String server, String variant, Tuning tuning, String protocol) {

    /** The variant as the report's rows name it: "platform", "platform h2", or "platform threads=50 pool=40". */
    public String label() {
        String over = protocol.equals("http") ? variant : variant + " " + protocol;
        return tuning.asConfigured() ? over : over + " " + tuning.label();
    }

    /** The protocols a run can speak, in the order the report compares them. */
    public static final List<String> PROTOCOLS = List.of("http", "http-close", "https", "https-close", "h2");

    /** Whether the server starts its HTTPS listener for this run. */
    public boolean tls() {
        return tls(protocol);
    }

    public static boolean tls(String protocol) {
        return protocol.startsWith("https") || protocol.equals("h2");
    }

    /** Whether a client keeps its connection for the next request (not the "-close" protocols). */
    public static boolean keepAlive(String protocol) {
        return !protocol.endsWith("-close");
    }
}
