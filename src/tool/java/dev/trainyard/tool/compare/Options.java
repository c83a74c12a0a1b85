package dev.trainyard.tool.compare;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * What to compare, from system properties (the pom's compare profile maps -Dservers, -Dplans ...
 * onto them):
 * <ul>
 * <li>compare.mode: default (every style on every server variant, a few seconds a cell, about
 *     ten minutes in all), full (the original experiments' lengths: tens of minutes to hours), smoke (a
 *     second or two a cell, for CI);</li>
 * <li>compare.servers (tomcat,jetty,glassfish), compare.variants (platform,virtual);</li>
 * <li>compare.plans: sleep, offload, entry, store, products, hello, threads, open (default:
 *     sleep,entry, which keeps the default run near ten minutes; full: all); the generator's
 *     calibration always runs;</li>
 * <li>compare.users (e.g. 1,50,400: replaces every closed plan's load levels), compare.seconds
 *     and compare.warmup (per cell), compare.rate (the open model's arrivals per second);</li>
 * <li>compare.dashboards (true: JMeter's HTML dashboard per server variant), compare.dir;</li>
 * <li>compare.crosscheck (false): measure every closed-model cell a second time with wrk, the
 *     lean client, and put both figures side by side (needs apt-get install wrk; doubles the run).</li>
 * </ul>
 */
record Options(String mode, List<String> servers, List<String> variants, List<String> plans, int[] users,
        int seconds, int warmup, int rate, boolean dashboards, boolean crosscheck, Path dir) {

    static final List<String> ALL_PLANS = List.of("sleep", "offload", "entry", "store", "products", "hello", "threads", "open");

    static Options fromSystemProperties() {
        String mode = setting("compare.mode", "default");
        if (!List.of("default", "full", "smoke").contains(mode)) {
            throw new IllegalArgumentException("compare.mode must be default, full or smoke; got " + mode);
        }
        List<String> servers = list("compare.servers", "tomcat,jetty,glassfish", List.of("tomcat", "jetty", "glassfish"));
        List<String> variants = list("compare.variants", "platform,virtual", List.of("platform", "virtual"));
        List<String> plans = list("compare.plans", mode.equals("full") ? String.join(",", ALL_PLANS)
                : "sleep,entry", ALL_PLANS);
        String usersText = setting("compare.users", "");
        int[] users = usersText.isEmpty() ? null : Arrays.stream(usersText.split(",")).mapToInt(u -> positive("compare.users", u)).toArray();
        int seconds = positive("compare.seconds", setting("compare.seconds", switch (mode) {
            case "full" -> "60";
            case "smoke" -> "2";
            default -> "4";
        }));
        int warmup = nonNegative("compare.warmup", setting("compare.warmup", mode.equals("smoke") ? "1" : mode.equals("full") ? "10" : "2"));
        int rate = positive("compare.rate", setting("compare.rate", mode.equals("smoke") ? "50" : "1000"));
        boolean dashboards = Boolean.parseBoolean(setting("compare.dashboards", "true"));
        boolean crosscheck = Boolean.parseBoolean(setting("compare.crosscheck", "false"));
        Path dir = Path.of(setting("compare.dir", "target/compare"));
        return new Options(mode, servers, variants, plans, users, seconds, warmup, rate, dashboards, crosscheck, dir);
    }

    boolean full() {
        return mode.equals("full");
    }

    boolean smoke() {
        return mode.equals("smoke");
    }

    private static String setting(String name, String otherwise) {
        String value = System.getProperty(name);
        return value == null || value.isBlank() ? otherwise : value.trim();
    }

    private static List<String> list(String name, String otherwise, List<String> allowed) {
        List<String> values = Arrays.stream(setting(name, otherwise).split(",")).map(String::trim).filter(v -> !v.isEmpty()).toList();
        for (String v : values) {
            if (!allowed.contains(v)) {
                throw new IllegalArgumentException(name + " takes " + String.join(", ", allowed) + "; got " + v);
            }
        }
        if (values.isEmpty()) {
            throw new IllegalArgumentException(name + " names nothing");
        }
        return values;
    }

    private static int positive(String name, String text) {
        int n = nonNegative(name, text);
        if (n == 0) {
            throw new IllegalArgumentException(name + " must be at least 1; got " + text);
        }
        return n;
    }

    private static int nonNegative(String name, String text) {
        try {
            int n = Integer.parseInt(text.trim());
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number; got " + text);
        }
    }
}
