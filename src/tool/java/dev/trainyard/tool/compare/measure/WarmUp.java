package dev.trainyard.tool.compare.measure;

import dev.trainyard.tool.compare.load.LoadClient;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Measurement;
import dev.trainyard.tool.compare.probe.Conditions;
import dev.trainyard.tool.run.MetricsScrape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * The server's warm-up before its first trial: every distinct path of its cells for
 * {@link Measurement#WARM_UP_SECONDS} at up to {@link Measurement#WARM_UP_USERS} users, unmeasured,
 * each settled, round after round until the server's JIT is quiet ({@link #again}), and the load
 * client's too: JMeter runs in this JVM, and a client still compiling its own code spends its core
 * on that in the first trials (the first variant's, before it has ever loaded a server). A fixed
 * warm-up left the first trial of every cell on code the JIT was still compiling: its throughput
 * lay well below the cell's later trials, and that one trial made most of the intervals' width.
 */
final class WarmUp {

    /** Metric of the WAR's /metrics: the server JVM's compilers' accumulated time. */
    static final String JIT_SECONDS = "jvm_compilation_time_seconds_total";

    /**
     * What one warm-up did.
     *
     * @param smoke a smoke run's: one round of its first path, whatever the JIT does
     * @param firstJit the share of the first round's time the JIT spent compiling (NaN: the JVM does not tell)
     * @param lastJit the same for the last round
     * @param clientFirstJit the load client's JVM's share in the first round (NaN: it does not tell); {@code clientLastJit} the last's
     */
    record Done(boolean smoke, int paths, int rounds, double seconds, double firstJit, double lastJit, double clientFirstJit,
            double clientLastJit) {

        /** Whether the warm-up ended on a quiet JIT on both sides, rather than at its cap or after its one round. */
        boolean quiet() {
            return louder(lastJit, clientLastJit) <= Measurement.WARM_UP_JIT_QUIET;
        }

        /**
         * "warmed up for 72 s: 6 rounds of its 11 paths, until its JIT compiled for 28% of a round's time (112% in the
         * first), the load client's 9% (95%)".
         */
        String sentence() {
            String rounds = String.format(Locale.ROOT, "warmed up for %.0f s: %d round%s of its %d path%s", seconds, this.rounds,
                    this.rounds == 1 ? "" : "s", paths, paths == 1 ? "" : "s");
            if (smoke) {
                return rounds + " (a smoke run measures nothing)";
            }
            if (Double.isNaN(lastJit)) {
                return rounds + " (its JVM does not say how long its JIT compiles)";
            }
            String client = Double.isNaN(clientLastJit) ? ""
                    : String.format(Locale.ROOT, ", the load client's %.0f%% (%.0f%%)", 100 * clientLastJit, 100 * clientFirstJit);
            return rounds + String.format(Locale.ROOT, quiet() ? ", until its JIT compiled for %.0f%% of a round's time (%.0f%% in the first)"
                    : ", its cap, its JIT still compiling for %.0f%% of the last round's time (%.0f%% in the first)",
                    100 * lastJit, 100 * firstJit) + client;
        }
    }

    /** The louder of two JIT shares; NaN only where neither JVM tells its JIT's time. */
    static double louder(double server, double client) {
        return Double.isNaN(server) ? client : Double.isNaN(client) ? server : Math.max(server, client);
    }

    private WarmUp() {
    }

    /**
     * Whether the warm-up runs another round: while its last round's JIT share is above
     * {@link Measurement#WARM_UP_JIT_QUIET} and a round as long as the last still fits within
     * {@link Measurement#WARM_UP_MOST_SECONDS}. A JVM that does not tell its JIT's time (NaN)
     * gets one round; so does a smoke run, which measures nothing.
     *
     * @param seconds the warm-up's time so far
     * @param roundSeconds its last round's
     * @param jitShare the JIT's compiling time in the last round over the round's time, the louder of the server's and
     *     the client's ({@link #louder})
     */
    static boolean again(boolean smoke, double seconds, double roundSeconds, double jitShare) {
        return !smoke && jitShare > Measurement.WARM_UP_JIT_QUIET && seconds + roundSeconds <= Measurement.WARM_UP_MOST_SECONDS;
    }

    /** Warms the server up on the cells' paths (their first only, in a smoke run), with {@code client}. */
    static Done run(boolean smoke, List<CellSpec> cells, LoadClient client, LoadClient.Target target, MetricsScrape scrape, Path dir)
            throws Exception {
        return run(smoke, cells, client, target, scrape, dir, Conditions::compiledSeconds);
    }

    /** The same, with the load client's JIT time so far read from {@code clientCompiled}. */
    static Done run(boolean smoke, List<CellSpec> cells, LoadClient client, LoadClient.Target target, MetricsScrape scrape, Path dir,
            DoubleSupplier clientCompiled) throws Exception {
        List<CellSpec> paths = paths(cells);
        List<CellSpec> warmed = paths.subList(0, smoke ? Math.min(1, paths.size()) : paths.size());
        System.out.printf(Locale.ROOT, "warming up the server (%d path%s a round, until its JIT and the client's are quiet, not measured) ...",
                warmed.size(), warmed.size() == 1 ? "" : "s");
        System.out.flush();
        Path jtl = dir.resolve("warm-up.jtl");
        long began = System.nanoTime();
        double firstJit = Double.NaN;
        double jit = Double.NaN;
        double clientFirstJit = Double.NaN;
        double clientJit = Double.NaN;
        int rounds = 0;
        double seconds;
        double roundSeconds;
        do {
            long roundBegan = System.nanoTime();
            double compiled = compiled(scrape);
            double clientBefore = clientCompiled.getAsDouble();
            for (CellSpec cell : warmed) {
                client.run(cell, target, 0, Measurement.WARM_UP_SECONDS, jtl);
                Files.deleteIfExists(jtl);
                Settle.await(scrape);
            }
            rounds++;
            roundSeconds = (System.nanoTime() - roundBegan) / 1e9;
            seconds = (System.nanoTime() - began) / 1e9;
            jit = (compiled(scrape) - compiled) / roundSeconds;
            clientJit = (clientCompiled.getAsDouble() - clientBefore) / roundSeconds;
            firstJit = rounds == 1 ? jit : firstJit;
            clientFirstJit = rounds == 1 ? clientJit : clientFirstJit;
            List<String> shares = new ArrayList<>();
            if (!Double.isNaN(jit)) {
                shares.add(String.format(Locale.ROOT, "JIT %.0f%%", 100 * jit));
            }
            if (!Double.isNaN(clientJit)) {
                shares.add(String.format(Locale.ROOT, "the client's %.0f%%", 100 * clientJit));
            }
            System.out.print(" " + rounds + (shares.isEmpty() ? "" : " (" + String.join(", ", shares) + ")"));
            System.out.flush();
        } while (again(smoke, seconds, roundSeconds, louder(jit, clientJit)));
        System.out.println(" done");
        return new Done(smoke, warmed.size(), rounds, seconds, firstJit, jit, clientFirstJit, clientJit);
    }

    /**
     * What a round loads: each distinct path of the closed cells once, in their order, at the
     * warm-up's users; then, where the variant has open cells, the open model once, on its
     * quickest work at {@link Measurement#WARM_UP_OPEN_RATE}. Its client code is its own (a thread,
     * a copy of the plan and a connection per arrival), and left cold it cost the load client twice
     * as much CPU per arrival in the run's first open cells as in the same cells later.
     */
    static List<CellSpec> paths(List<CellSpec> cells) {
        Map<String, CellSpec> paths = new LinkedHashMap<>();
        cells.stream().filter(c -> !c.cost() && !c.calibration() && !c.open())
                .forEach(c -> paths.putIfAbsent(c.path(), c.warmUp(Measurement.WARM_UP_USERS)));
        cells.stream().filter(CellSpec::open).min(Comparator.comparingDouble(c -> Double.isNaN(c.serviceSeconds()) ? 0 : c.serviceSeconds()))
                .ifPresent(c -> paths.put("open " + c.path(), c.warmUp(Measurement.WARM_UP_USERS).at(Measurement.WARM_UP_OPEN_RATE)));
        return List.copyOf(paths.values());
    }

    /** The server's JIT time so far; NaN where its /metrics has none (a JVM that does not measure it). */
    private static double compiled(MetricsScrape scrape) throws Exception {
        Map<String, Double> samples = MetricsScrape.samples(scrape.text());
        return samples.getOrDefault(JIT_SECONDS, Double.NaN);
    }
}
