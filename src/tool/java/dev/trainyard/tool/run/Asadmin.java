package dev.trainyard.tool.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * GlassFish's own tool, run on the server's cores with the layout's JDK: every command as admin
 * with a password file, bounded in time, and written with its output and its seconds to the run
 * directory's asadmin.log, so that where a start's seconds go reads off the log.
 */
final class Asadmin {

    /** How long a command may take (a first start-domain and a deploy are the slow ones); a stop, less. */
    private static final long BOUND_SECONDS = 300;
    private static final long STOP_BOUND_SECONDS = 60;

    private final Path home;
    private final ServerLayout layout;

    Asadmin(Path home, ServerLayout layout) {
        this.home = home;
        this.layout = layout;
    }

    /** Whether the distribution the build unpacks is there. */
    boolean installed() {
        return Files.isExecutable(home.resolve("bin/asadmin"));
    }

    void run(Path passwordFile, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(home.resolve("bin/asadmin").toString());
        command.addAll(List.of("--user", "admin", "--passwordfile", passwordFile.toString()));
        command.addAll(List.of(args));
        // start-domain's JVM inherits where asadmin runs.
        ProcessBuilder builder = new ProcessBuilder(CpuAffinity.onServerCpus(command)).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.put("AS_JAVA", layout.jdk().home().toString());
        env.put("JAVA_HOME", layout.jdk().home().toString());
        // Its output goes to a file, so that the bound holds even when asadmin waits on a domain that
        // no longer answers (reading its pipe to the end would wait as long as asadmin does).
        Path out = Files.createTempFile(layout.base(), "asadmin", ".out");
        builder.redirectOutput(out.toFile());
        long began = System.nanoTime();
        Process p = builder.start();
        String output;
        try {
            long bound = args[0].equals("stop-domain") ? STOP_BOUND_SECONDS : BOUND_SECONDS;
            boolean finished = p.waitFor(bound, TimeUnit.SECONDS);
            output = Files.readString(out, StandardCharsets.UTF_8);
            if (!finished) {
                p.destroyForcibly();
                throw new IOException("asadmin " + args[0] + " did not finish in " + bound + " s: " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            Files.deleteIfExists(out);
        }
        Files.writeString(layout.base().resolve("asadmin.log"), "$ asadmin " + String.join(" ", args) + "\n" + output
                + String.format(Locale.ROOT, "(%.1f s)%n%n", (System.nanoTime() - began) / 1e9),
                StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        // multimode reports success even when one of its commands failed: read what it printed.
        if (p.exitValue() != 0 || output.contains("Command set failed") || output.contains("remote failure")) {
            throw new IOException("asadmin " + String.join(" ", args) + " failed:\n" + output);
        }
    }
}
