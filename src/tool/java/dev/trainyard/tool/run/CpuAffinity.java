package dev.trainyard.tool.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which CPUs a process may run on (Linux, util-linux's taskset), and how much CPU this JVM has
 * used: what keeps a load generator off the server's cores, and tells when it ran out of its own.
 */
public final class CpuAffinity {

    private static final Path SELF_STAT = Path.of("/proc/self/stat");
    /** The CPUs the servers run on ("0", "0-2"), when set: the runner and the harness start them there. */
    public static final String SERVER_CPUS = "trainyard.server.cpus";

    private CpuAffinity() {
    }

    /** Whether processes can be pinned here: Linux with taskset on the path. */
    public static boolean available() {
        try {
            Process p = new ProcessBuilder("taskset", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0 && Files.isReadable(SELF_STAT);
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Pins every thread of each process to {@code cpus} ("0", "0-2", "1,3"); the threads they
     * start later inherit it. A process that ended meanwhile is skipped.
     */
    public static void pin(List<ProcessHandle> processes, String cpus) throws IOException, InterruptedException {
        for (ProcessHandle p : processes) {
            if (!p.isAlive()) {
                continue;
            }
            Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, Long.toString(p.pid()))
                    .redirectErrorStream(true).start();
            String output = new String(taskset.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (taskset.waitFor() != 0 && p.isAlive()) {
                throw new IOException("taskset -a -p -c " + cpus + " " + p.pid() + " failed: " + output.trim());
            }
        }
    }

    /**
     * The threads of each process that may run on CPUs other than {@code cpus} (as the kernel writes
     * such a list: "0", "0-2"), read from each thread's Cpus_allowed_list: a thread started while
     * {@link #pin} went through the others escapes it, so a pin that must hold is checked. Empty where
     * every thread is pinned; a process or thread that ended meanwhile is skipped.
     */
    public static List<String> threadsOutside(List<ProcessHandle> processes, String cpus) throws IOException {
        List<String> outside = new ArrayList<>();
        for (ProcessHandle p : processes) {
            Path tasks = Path.of("/proc", Long.toString(p.pid()), "task");
            List<Path> threads;
            try (var listed = Files.list(tasks)) {
                threads = listed.toList();
            } catch (java.nio.file.NoSuchFileException e) {
                continue;
            }
            for (Path thread : threads) {
                String status;
                try {
                    status = Files.readString(thread.resolve("status"));
                } catch (java.nio.file.NoSuchFileException e) {
                    continue;
                }
                String allowed = status.lines().filter(l -> l.startsWith("Cpus_allowed_list:"))
                        .map(l -> l.substring("Cpus_allowed_list:".length()).trim()).findFirst().orElse("");
                if (!allowed.equals(cpus)) {
                    outside.add(p.pid() + "/" + thread.getFileName() + " on " + allowed);
                }
            }
        }
        return outside;
    }

    /**
     * The command to start a server with: under {@code taskset -c} when {@value #SERVER_CPUS} is
     * set, so that the server's JVM sizes its pools for the cores it runs on from its first moment
     * (taskset execs the command: the process is the same).
     */
    public static List<String> onServerCpus(List<String> command) {
        String cpus = System.getProperty(SERVER_CPUS, "").trim();
        if (cpus.isEmpty()) {
            return command;
        }
        List<String> pinned = new ArrayList<>(List.of("taskset", "-c", cpus));
        pinned.addAll(command);
        return pinned;
    }

    /**
     * CPU seconds used so far by this JVM and by the child processes it has waited for (wrk runs):
     * utime + stime + cutime + cstime of /proc/self/stat, in clock ticks of 1/100 s.
     */
    public static double selfAndChildrenCpuSeconds() throws IOException {
        String stat = Files.readString(SELF_STAT);
        // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        // f[0] is field 3 (state); utime..cstime are fields 14..17.
        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
        return ticks / 100.0;
    }
}
