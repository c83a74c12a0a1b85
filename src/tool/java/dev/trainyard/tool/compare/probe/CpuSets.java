package dev.trainyard.tool.compare.probe;

import dev.trainyard.tool.compare.plan.Measurement;
import dev.trainyard.tool.run.CpuAffinity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Keeps the load client off the server's cores. On a machine of two or more cores the harness
 * (and with it JMeter, which runs in it, and every wrk it starts) takes the last core; each server
 * starts on the others, and the embedded database is pinned to them once it has started. Either way the
 * client's own CPU is measured over each cell, so a cell where it ran out is known.
 */
public final class CpuSets {

    private final int cores;
    /** The client's CPUs ("1") and the server side's ("0"), or null when not isolated. */
    private final String client;
    private final String server;
    private final String why;

    private CpuSets(int cores, String client, String server, String why) {
        this.cores = cores;
        this.client = client;
        this.server = server;
        this.why = why;
    }

    /** Pins this JVM to the client's core now when asked and possible. */
    public static CpuSets plan(boolean isolate) throws IOException, InterruptedException {
        int cores = Runtime.getRuntime().availableProcessors();
        if (!isolate) {
            return unpinned("isolate=false");
        }
        if (cores < 2) {
            return new CpuSets(cores, null, null, "one core only");
        }
        if (!CpuAffinity.available()) {
            return new CpuSets(cores, null, null, "taskset is not available (apt-get install util-linux)");
        }
        String client = String.valueOf(cores - 1);
        String server = cores == 2 ? "0" : "0-" + (cores - 2);
        CpuAffinity.pin(List.of(ProcessHandle.current()), client);
        // Every server starts on its cores (CpuAffinity.onServerCpus); the database is pinned once up.
        System.setProperty(CpuAffinity.SERVER_CPUS, server);
        return new CpuSets(cores, client, server, "");
    }

    /** No pinning, for a reason the report states. */
    public static CpuSets unpinned(String why) {
        return new CpuSets(Runtime.getRuntime().availableProcessors(), null, null, why);
    }

    /** Pins the database's processes to the server side's cores (nothing when not isolated). */
    public void pinDatabase(List<ProcessHandle> processes) throws IOException, InterruptedException {
        if (server != null) {
            CpuAffinity.pin(processes, server);
        }
    }

    /**
     * Lets a server's processes run on every core until the returned handle is closed, then pins them
     * back to the server's cores, every thread checked. For its warm-up, which measures nothing: on the
     * server's cores alone, beside the server's work and the database's, its compilers were still
     * busy when the warm-up's cap ended it, and each variant's first trials ran below its later ones.
     * The JVM sized itself for the cores it started on (its collector, its compiler threads), which
     * this leaves as it was. Nothing happens where the client has no core of its own, or for
     * processes the harness does not own (a container's are held by its cpuset).
     */
    public AutoCloseable widen(List<ProcessHandle> processes) throws IOException, InterruptedException {
        if (server == null || processes.isEmpty()) {
            return () -> { };
        }
        CpuAffinity.pin(processes, "0-" + (cores - 1));
        return () -> {
            List<String> outside = List.of();
            for (int attempt = 0; attempt < PIN_ATTEMPTS; attempt++) {
                CpuAffinity.pin(processes, server);
                outside = CpuAffinity.threadsOutside(processes, server);
                if (outside.isEmpty()) {
                    return;
                }
            }
            throw new IOException("after the warm-up, threads of the server still run beyond CPU " + server + ": " + outside);
        };
    }

    /** How often the pin back is tried before a thread still outside it ends the run: each try catches threads started during the last. */
    private static final int PIN_ATTEMPTS = 5;

    /** The server side's CPUs ("0", "0-2"), or null when not isolated. */
    public String serverCpus() {
        return server;
    }

    /** The load client's CPUs ("1"), or null when not isolated. */
    public String clientCpus() {
        return client;
    }

    /** Whether the load client has a core of its own, which nothing of the server side runs on. */
    public boolean clientApart() {
        return client != null;
    }

    public int cores() {
        return cores;
    }

    double clientCpuSeconds() throws IOException {
        return CpuAffinity.selfAndChildrenCpuSeconds();
    }

    /**
     * Starts reading the client's CPU over the measured window of a cell that starts now: at the
     * end of its warm-up and at the end of the window, so that starting and stopping hundreds of
     * users, which happens outside it, is not taken for load. A cell that ends before its window
     * does (loop-bound) is read whole.
     */
    public ClientWindow clientWindow(int warmupSeconds, int seconds) throws IOException {
        return new ClientWindow(warmupSeconds, seconds);
    }

    public final class ClientWindow {

        private final double[] started;
        private final CompletableFuture<double[]> from;
        private final CompletableFuture<double[]> to;

        private ClientWindow(int warmupSeconds, int seconds) throws IOException {
            started = reading();
            from = CompletableFuture.supplyAsync(this::reading, CompletableFuture.delayedExecutor(warmupSeconds, TimeUnit.SECONDS));
            to = CompletableFuture.supplyAsync(this::reading, CompletableFuture.delayedExecutor(warmupSeconds + seconds, TimeUnit.SECONDS));
        }

        /** The share of its cores the client used in the window (or over the whole cell, if it ended first). */
        public double share() {
            double[] a = started;
            double[] b;
            if (to.isDone() && !to.isCompletedExceptionally()) {
                a = from.join();
                b = to.join();
            } else {
                to.cancel(false);
                from.cancel(false);
                b = reading();
            }
            return clientShare(b[0] - a[0], (b[1] - a[1]) / 1e9);
        }

        private double[] reading() {
            try {
                return new double[] {clientCpuSeconds(), System.nanoTime()};
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The share of the client's cores it used over {@code seconds} of wall time. */
    double clientShare(double cpuSeconds, double seconds) {
        int clientCores = client == null ? cores : 1;
        return seconds <= 0 ? Double.NaN : cpuSeconds / (seconds * clientCores);
    }

    public String describe() {
        return client == null
                ? String.format(Locale.ROOT, "Not isolated (%s): the load client, the server and the database share all %d cores;"
                        + " a cell where the client used %.0f%%+ of them is marked client-bound.", why, cores, 100 * Measurement.CLIENT_BOUND)
                : String.format(Locale.ROOT, "Isolated with taskset: the load client on CPU %s, the server and the database on CPU %s;"
                        + " a cell where the client used %.0f%%+ of its core is marked client-bound and its verdict withheld.",
                        client, server, 100 * Measurement.CLIENT_BOUND);
    }
}
