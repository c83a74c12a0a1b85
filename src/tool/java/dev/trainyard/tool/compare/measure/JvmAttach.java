package dev.trainyard.tool.compare.measure;

import dev.trainyard.tool.compare.jvm.ServerJvm;
import dev.trainyard.tool.compare.jvm.ThreadSampler;
import dev.trainyard.tool.compare.deploy.Deployment;
import java.util.List;
import java.util.Optional;

/**
 * The server variant's JVM, for the thread samples and the thread model's cost: found among the
 * deployment's processes and attached to, or said in the report's facts why not.
 */
final class JvmAttach {

    private JvmAttach() {
    }

    /** Attaches to the server's JVM; null (and said in the report) when that fails. */
    static ServerJvm attach(String name, String variant, Deployment server, List<String> facts) {
        Optional<ProcessHandle> process = jvmOf(server);
        if (process.isEmpty()) {
            facts.add(name + "/" + variant + ": no thread sampling or thread model cost, the server's JVM was not found.");
            return null;
        }
        try {
            return ServerJvm.attach(process.get());
        } catch (Exception e) {
            facts.add(name + "/" + variant + ": no thread sampling or thread model cost, attaching to the server's JVM failed: " + e);
            return null;
        }
    }

    /** Samples the server's threads; null (and said in the report) when that fails. */
    static ThreadSampler sampler(String name, String variant, ServerJvm jvm, List<String> facts) {
        try {
            ThreadSampler sampler = new ThreadSampler(jvm);
            if (variant.startsWith("virtual")) {
                facts.add(name + "/" + variant + ": the thread samples see virtual threads only while mounted on a carrier (running or"
                        + " pinned), not parked ones (a pool wait): the JVM's dump that lists those crashed JDK 25.0.3 under load.");
            }
            return sampler;
        } catch (Exception e) {
            facts.add(name + "/" + variant + ": no thread sampling, the server's JVM did not answer: " + e);
            return null;
        }
    }

    /** Seconds from the start of the server's JVM (the last one it started) to now, when it has answered; NaN when unknown. */
    static double readySeconds(Deployment server) {
        if (server.readySeconds().isPresent()) {
            return server.readySeconds().getAsDouble();
        }
        return jvmOf(server).flatMap(jvm -> jvm.info().startInstant())
                .map(start -> java.time.Duration.between(start, java.time.Instant.now()).toMillis() / 1000.0).orElse(Double.NaN);
    }

    /** The server's JVM: the last java process it started (a launcher that forks the server's JVM comes before it). */
    private static Optional<ProcessHandle> jvmOf(Deployment server) {
        List<ProcessHandle> jvms = server.processes().stream()
                .filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false)).toList();
        return jvms.isEmpty() ? Optional.empty() : Optional.of(jvms.get(jvms.size() - 1));
    }
}
