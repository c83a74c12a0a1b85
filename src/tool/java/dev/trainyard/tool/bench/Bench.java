package dev.trainyard.tool.bench;

import dev.trainyard.tool.run.MetricsScrape;
import dev.trainyard.tool.run.Stack;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The benchmarks behind the async and train issues: starts the stack (database, server, WAR),
 * loads it with wrk cell by cell (warm-up, then a measured interval), prints a table and writes
 * target/bench/&lt;scenario&gt;.csv. Compare the rows of one run with each other: the machine is
 * shared, so absolute figures move between runs, ratios much less.
 *
 * <pre>
 * ./mvnw -Pbench -Dbench.scenarios=sleep,offload,entry -Dbench.seconds=15 -Dbench.warmup=5
 * </pre>
 * sleep: /blocking/sleep vs /async/sleep at 1,000 connections (experiment E4 sleep);
 * offload: the four offload pools and the blocking baseline at 200 (E2 offload);
 * entry: blocking, async and train (each policy) at 1, 50 and 400 (E3 train);
 * products: the server's CPU per MiB of /blocking/products vs /async/products (see
 * {@link ProductsCost}; with -Dtrainyard.store.size=large, 100 MB each).
 */
public final class Bench {

    /** trainyard.http.threads, for servers that do not expose their pool (GlassFish). */
    static final int SERVER_THREADS = 200;
    static final int DEFAULT_POOL = 8;
    static final int BOUNDED_POOL = 200;
    static final int UNBOUNDED = Integer.MAX_VALUE;

    private Bench() {
    }

    public static void main(String[] args) throws Exception {
        List<String> scenarios = List.of(System.getProperty("bench.scenarios", "sleep,offload,entry").split(","));
        int seconds = Integer.getInteger("bench.seconds", 15);
        int warmup = Integer.getInteger("bench.warmup", 5);
        Path out = Path.of(System.getProperty("bench.dir", "target/bench"));
        Wrk wrk = new Wrk(out);
        try (Stack stack = Stack.start()) {
            MetricsScrape metrics = new MetricsScrape(stack.baseUrl());
            String facts = metrics.text();
            String runtime = runtime(facts);
            int serverThreads = serverThreads(facts);
            for (String scenario : scenarios) {
                if (scenario.trim().equals("products")) {
                    int count = Integer.getInteger("bench.products.count", 1_000_000);
                    int rounds = Integer.getInteger("bench.products.rounds", 8);
                    int warmups = Integer.getInteger("bench.products.warmups", 6);
                    System.out.printf("%n== products on %s (%s): count=%d, one download at a time, %d measured per style after %d warm-up pairs%n",
                            stack.serverName(), runtime, count, rounds, warmups);
                    Files.createDirectories(out);
                    new ProductsCost(stack.baseUrl(), metrics).run(count, warmups, rounds, out.resolve("products.csv"));
                    continue;
                }
                List<Cell> cells = cells(scenario.trim(), serverThreads);
                System.out.printf("%n== %s on %s (%s), %d s measured after %d s warm-up, load by wrk%n",
                        scenario, stack.serverName(), runtime, seconds, warmup);
                System.out.printf("%-44s %6s %9s %9s %7s %8s %8s %8s %7s %8s%n",
                        "endpoint", "conns", "req/s", "limit", "%limit", "p50 ms", "p95 ms", "p99 ms", "errors", "trips/req");
                List<String> csv = new ArrayList<>();
                csv.add("scenario,endpoint,connections,requests,seconds,throughput,little_limit,p50_ms,p95_ms,p99_ms,max_ms,non2xx,socket_errors,db_trips_per_request");
                boolean virtual = MetricsScrape.value(metrics.text(), "trainyard_jvm_virtual_threads_available") == 1;
                for (Cell cell : cells) {
                    if (cell.path().contains("pool=virtual") && !virtual) {
                        System.out.printf("%-44s skipped: the server's JVM has no virtual threads (set TRAINYARD_JDK21_HOME)%n", cell.label());
                        continue;
                    }
                    String url = stack.baseUrl() + cell.path();
                    wrk.run(url, cell.connections(), warmup);
                    double tripsBefore = trips(metrics, cell);
                    Result r = wrk.run(url, cell.connections(), seconds);
                    double trips = cell.trainPolicy() == null ? 1.0 : (trips(metrics, cell) - tripsBefore) / Math.max(1, r.requests());
                    double limit = cell.littleLimit();
                    System.out.printf(Locale.ROOT, "%-44s %6d %9.1f %9s %7s %8.1f %8.1f %8.1f %7d %8.3f%n",
                            cell.label(), cell.connections(), r.throughput(),
                            Double.isNaN(limit) ? "-" : String.format(Locale.ROOT, "%.0f", limit),
                            Double.isNaN(limit) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * r.throughput() / limit),
                            r.p50Ms(), r.p95Ms(), r.p99Ms(), r.errors(), trips);
                    csv.add(String.format(Locale.ROOT, "%s,%s,%d,%d,%.3f,%.2f,%s,%.2f,%.2f,%.2f,%.2f,%d,%d,%.4f",
                            scenario, cell.label(), cell.connections(), r.requests(), r.seconds(), r.throughput(),
                            Double.isNaN(limit) ? "" : String.format(Locale.ROOT, "%.0f", limit),
                            r.p50Ms(), r.p95Ms(), r.p99Ms(), r.maxMs(), r.non2xx(), r.socketErrors(), trips));
                }
                // wrk stops with requests in flight (their clients gone); they must still end.
                long settleStart = System.nanoTime();
                String text = metrics.text();
                while (MetricsScrape.value(text, "trainyard_async_open_requests") > 0
                        && System.nanoTime() - settleStart < 30_000_000_000L) {
                    Thread.sleep(100);
                    text = metrics.text();
                }
                System.out.printf(Locale.ROOT, "open async requests %.1f s after the load: %.0f; JVM peak platform threads: %.0f%n",
                        (System.nanoTime() - settleStart) / 1e9,
                        MetricsScrape.value(text, "trainyard_async_open_requests"),
                        MetricsScrape.value(text, "trainyard_jvm_threads_peak"));
                Files.createDirectories(out);
                try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out.resolve(scenario + ".csv")))) {
                    csv.forEach(w::println);
                }
            }
        }
    }

    /**
     * What bounds the blocking style's concurrency on this server variant: its request threads
     * (read from /metrics where the server exposes them), or nothing below the connection limit
     * when requests run on virtual threads.
     */
    static int serverThreads(String metricsText) {
        if (MetricsScrape.value(metricsText, "trainyard_request_thread_virtual") == 1) {
            return UNBOUNDED;
        }
        for (String source : List.of("tomcat", "jetty")) {
            double max = MetricsScrape.value(metricsText, "trainyard_server_request_threads_max{source=\"" + source + "\"}");
            if (max > 0) {
                return (int) max;
            }
        }
        return SERVER_THREADS;
    }

    static List<Cell> cells(String scenario, int serverThreads) {
        return switch (scenario) {
            case "sleep" -> List.of(
                    new Cell("/blocking/sleep?ms=200", "blocking/sleep?ms=200", 1000, 0.2, serverThreads, null),
                    new Cell("/async/sleep?ms=200", "async/sleep?ms=200", 1000, 0.2, UNBOUNDED, null));
            case "offload" -> List.of(
                    new Cell("/blocking/sleep?ms=200", "blocking/sleep?ms=200", 200, 0.2, serverThreads, null),
                    new Cell("/async/offload/sleep pool=default", "async/offload/sleep?ms=200&pool=default", 200, 0.2, DEFAULT_POOL, null),
                    new Cell("/async/offload/sleep pool=bounded", "async/offload/sleep?ms=200&pool=bounded", 200, 0.2, BOUNDED_POOL, null),
                    new Cell("/async/offload/sleep pool=oversized", "async/offload/sleep?ms=200&pool=oversized", 200, 0.2, UNBOUNDED, null),
                    new Cell("/async/offload/sleep pool=virtual", "async/offload/sleep?ms=200&pool=virtual", 200, 0.2, UNBOUNDED, null));
            case "entry" -> entryCells();
            default -> throw new IllegalArgumentException("bench.scenarios: sleep, offload, entry, products; got " + scenario);
        };
    }

    private static List<Cell> entryCells() {
        List<Cell> cells = new ArrayList<>();
        for (int users : usersLevels()) {
            cells.add(new Cell("/blocking/entry", "blocking/entry", users, 0, UNBOUNDED, null));
            cells.add(new Cell("/async/entry", "async/entry", users, 0, UNBOUNDED, null));
            for (String policy : List.of("natural", "window", "adaptive")) {
                cells.add(new Cell("/train/entry policy=" + policy, "train/entry?policy=" + policy, users, 0, UNBOUNDED, policy));
            }
        }
        return cells;
    }

    /** bench.users=1,50,400 by default. */
    private static int[] usersLevels() {
        return java.util.Arrays.stream(System.getProperty("bench.users", "1,50,400").split(","))
                .mapToInt(u -> Integer.parseInt(u.trim())).toArray();
    }

    private static double trips(MetricsScrape metrics, Cell cell) throws IOException, InterruptedException {
        if (cell.trainPolicy() == null) {
            return 0;
        }
        return MetricsScrape.value(metrics.text(),
                "trainyard_train_round_trips_total{command=\"entry\",policy=\"" + cell.trainPolicy() + "\"}");
    }

    private static String runtime(String metricsText) {
        String line = metricsText.lines().filter(l -> l.startsWith("trainyard_jvm_info")).findFirst().orElse("");
        int v = line.indexOf("version=\"");
        String version = v < 0 ? "?" : line.substring(v + 9, line.indexOf('"', v + 9));
        return "JDK " + version;
    }
}
