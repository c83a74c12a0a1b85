package dev.trainyard.tool.compare.plan;

import dev.trainyard.tool.run.Tuning;

/**
 * One start of a server variant in a run: with the shared file's settings, or a sweep's tuning of
 * them; its cells spoken over a protocol.
 *
 * @param server the server's name (tomcat, jetty, glassfish), or with target=url the deployment's
 */
public record ServerRun(String server, ThreadModel variant, Tuning tuning, Protocol protocol) {

    /** The variant as configured, over plain HTTP. */
    public static ServerRun of(String server, ThreadModel variant) {
        return new ServerRun(server, variant, Tuning.AS_CONFIGURED, Protocol.HTTP);
    }

    /** The variant as the report's rows name it: "platform", "platform h2", or "platform threads=50 pool=40". */
    public String label() {
        String over = protocol == Protocol.HTTP ? variant.key() : variant.key() + " " + protocol.key();
        return tuning.asConfigured() ? over : over + " " + tuning.label();
    }

    /** The server and the label, as the report names a server variant: "tomcat/platform h2". */
    public String name() {
        return server + "/" + label();
    }

    /** The same start with the other thread model. */
    public ServerRun on(ThreadModel other) {
        return new ServerRun(server, other, tuning, protocol);
    }

    /** The same start with other settings. */
    public ServerRun with(Tuning other) {
        return new ServerRun(server, variant, other, protocol);
    }

    /** The same start over another protocol. */
    public ServerRun over(Protocol other) {
        return new ServerRun(server, variant, tuning, other);
    }

    /** Whether the server starts its HTTPS listener for this run. */
    public boolean tls() {
        return protocol.tls();
    }

    /**
     * Whether this run's cells can follow {@code before}'s on the same server start: the same
     * server, thread model and settings, only the protocol another (the server listens on HTTP
     * and HTTPS at once), so that each protocol is compared on the same JVM.
     */
    public boolean sharesStartWith(ServerRun before) {
        return before != null && server.equals(before.server) && variant == before.variant && tuning.equals(before.tuning);
    }
}
