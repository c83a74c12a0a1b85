package dev.trainyard.tool.compare.gate;

import static dev.trainyard.tool.compare.gate.Summaries.JSON;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * What a reader needs to compare two runs, typed, for summary.json's "run": the commit the
 * harness was built from, the machine, the cores each side ran on, every server variant's server
 * version and JDK, the options as given, and how long the run took. The report's prose facts
 * stay beside it for a human.
 *
 * @param id the run's folder name (its start, yyyyMMdd-HHmmss)
 * @param stopped why the run ended before its plan did (a signal), null for a run that ran its course
 * @param commit {@code git describe --always --dirty} of the working tree, null outside a checkout
 * @param clientCpus the load client's CPUs ("1"), null when not isolated; {@code serverCpus} the server side's
 * @param options each option as given on the command line (-Dname=value), by its name
 */
public record RunHeader(String id, String stopped, String commit, String mode, Machine machine, String clientCpus, String serverCpus, List<Variant> variants,
        Map<String, String> options, double seconds) {

    /** The options in the order of their names, whatever map they came in: a header reads the same every time. */
    public RunHeader {
        options = Collections.unmodifiableMap(new TreeMap<>(options));
    }

    /** @param memoryMib the machine's memory (MemTotal), 0 where it cannot be read; {@code cpuModel} null likewise */
    public record Machine(int cores, String cpuModel, long memoryMib, String os, String java) {

        /** This machine, as /proc and the JVM say it. */
        public static Machine here(int cores) {
            return new Machine(cores, procLine(Path.of("/proc/cpuinfo"), "model name"), totalMemoryMib(),
                    System.getProperty("os.name") + " " + System.getProperty("os.version"), System.getProperty("java.version"));
        }
    }

    /**
     * @param version the server's release the layout unpacked, null where the harness did not start it (target=url)
     * @param java the server JVM's version, as its /metrics says
     * @param threads the thread model its requests ran on, as its /metrics says
     */
    public record Variant(String variant, String server, String version, String java, String threads) {
    }

    /** summary.json's "run" of this header. */
    public JsonObject summary(String written, String client, List<String> facts) {
        JsonArrayBuilder each = JSON.createArrayBuilder();
        for (Variant v : variants) {
            each.add(text(JSON.createObjectBuilder().add("variant", v.variant).add("server", v.server), "version", v.version)
                    .add("java", v.java).add("threads", v.threads));
        }
        JsonObjectBuilder given = JSON.createObjectBuilder();
        options.forEach(given::add);
        JsonObjectBuilder on = JSON.createObjectBuilder().add("cores", machine.cores);
        text(on, "cpu_model", machine.cpuModel).add("memory_mib", machine.memoryMib).add("os", machine.os).add("java", machine.java);
        JsonObjectBuilder run = JSON.createObjectBuilder().add("id", id).add("written", written).add("client", client);
        text(run, "stopped", stopped);
        text(run, "commit", commit).add("mode", mode).add("machine", on);
        text(run, "client_cpus", clientCpus);
        text(run, "server_cpus", serverCpus);
        return run.add("variants", each).add("options", given).add("seconds", Math.round(seconds * 10) / 10.0)
                .add("facts", JSON.createArrayBuilder(facts)).build();
    }

    /** The working tree's commit, null where there is no git or no checkout. */
    public static String workingTreeCommit() {
        try {
            Process git = new ProcessBuilder("git", "describe", "--always", "--dirty", "--abbrev=40").redirectErrorStream(false)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!git.waitFor(10, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return null;
            }
            return git.exitValue() == 0 && !out.isEmpty() ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static long totalMemoryMib() {
        String total = procLine(Path.of("/proc/meminfo"), "MemTotal");
        return total == null ? 0 : Long.parseLong(total.replaceAll("[^0-9]", "")) / 1024;
    }

    /** The value of the first "name : value" line of a /proc file, or null. */
    private static String procLine(Path file, String name) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> l.startsWith(name))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private static JsonObjectBuilder text(JsonObjectBuilder o, String name, String value) {
        return value == null ? o.addNull(name) : o.add(name, value);
    }
}
