package dev.trainyard.tool.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The two settings the tuning sweep varies, request threads and the JDBC pool's size, over what
 * server-configs/trainyard.properties says; null keeps the file's value. One place knows how each
 * server takes them: Tomcat and Jetty read the shared file (conf/trainyard.properties,
 * start.d/trainyard-shared.ini), GlassFish's asadmin files hold literal values, changed with
 * {@code asadmin set}.
 */
public record Tuning(Integer threads, Integer pool) {

    /** The shared file as it is: the equal-settings comparison. */
    public static final Tuning AS_CONFIGURED = new Tuning(null, null);

    static final String THREADS = "trainyard.http.threads";
    static final String POOL = "trainyard.jdbc.poolSize";
    /** Below the shared file's minimum threads (10) and idle connections (2) a server would not start. */
    public static final int LEAST_THREADS = 10;
    public static final int LEAST_POOL = 2;

    public Tuning {
        if (threads != null && threads < LEAST_THREADS || pool != null && pool < LEAST_POOL) {
            throw new IllegalArgumentException("request threads must be at least " + LEAST_THREADS + " and the pool at least "
                    + LEAST_POOL + " (the shared file's minimums); got threads " + threads + ", pool " + pool);
        }
    }

    public boolean asConfigured() {
        return threads == null && pool == null;
    }

    /** "threads=50 pool=40", or "as configured"; no comma, it goes into a CSV column. */
    public String label() {
        if (asConfigured()) {
            return "as configured";
        }
        List<String> parts = new ArrayList<>();
        if (threads != null) {
            parts.add("threads=" + threads);
        }
        if (pool != null) {
            parts.add("pool=" + pool);
        }
        return String.join(" ", parts);
    }

    /** The shared file's lines this tuning changes, in the file's own names. */
    Map<String, String> properties() {
        Map<String, String> changed = new LinkedHashMap<>();
        if (threads != null) {
            changed.put(THREADS, threads.toString());
        }
        if (pool != null) {
            changed.put(POOL, pool.toString());
        }
        return changed;
    }

    /**
     * The shared file with this tuning's values in place of its own, written beside the run's
     * servers; the file itself when nothing changes.
     */
    Path apply(Path shared, Path into) throws IOException {
        return apply(shared, into, Map.of());
    }

    /** As {@link #apply(Path, Path)}, with {@code more} of the run's own values (where HTTPS finds its keystore) in place too. */
    Path apply(Path shared, Path into, Map<String, String> more) throws IOException {
        Map<String, String> left = new LinkedHashMap<>(properties());
        left.putAll(more);
        if (left.isEmpty()) {
            return shared;
        }
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(shared, StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            String key = eq < 0 || line.startsWith("#") ? null : line.substring(0, eq).trim();
            lines.add(key != null && left.containsKey(key) ? key + "=" + left.remove(key) : line);
        }
        left.forEach((k, v) -> lines.add(k + "=" + v));
        Files.createDirectories(into.getParent());
        Files.write(into, lines, StandardCharsets.UTF_8);
        return into;
    }

    /** GlassFish's dotted names for this tuning, as asadmin set takes them (name=value). */
    List<String> glassFishSets() {
        List<String> sets = new ArrayList<>();
        if (threads != null) {
            sets.add("configs.config.server-config.thread-pools.thread-pool.http-thread-pool.max-thread-pool-size=" + threads);
        }
        if (pool != null) {
            sets.add("resources.jdbc-connection-pool.trainyard-pool.max-pool-size=" + pool);
        }
        return sets;
    }

    /** What an operator pastes to run a server with this tuning: lines of its native files. */
    public List<String> pasteLines(String server) {
        if (server.equals("glassfish")) {
            return glassFishSets().stream().map(s -> "asadmin set " + s).toList();
        }
        String file = server.equals("jetty") ? "start.d/trainyard-shared.ini" : "conf/trainyard.properties";
        return properties().entrySet().stream().map(e -> file + ": " + e.getKey() + "=" + e.getValue()).toList();
    }
}
