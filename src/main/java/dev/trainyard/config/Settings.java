package dev.trainyard.config;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * How the WAR's tunables ({@link Setting}) are read. Each is a JVM system property
 * (trainyard.train.workers) or its environment variable (TRAINYARD_TRAIN_WORKERS), so that every
 * server sets them in its own native files (setenv.sh, Jetty's start.d, GlassFish's
 * jvm-options). A value out of its bounds stops the
 * deployment with a message, rather than running with a setting nobody chose. The values in
 * effect are kept, so that /metrics shows them and a client (the black-box suite against a
 * deployment it did not start) reads the bounds instead of assuming them.
 */
public final class Settings {

    private static final Map<String, Integer> NUMBERS = new ConcurrentSkipListMap<>();

    private Settings() {
    }

    static int integer(String name, int defaultValue, int min, int max) {
        String raw = raw(name);
        if (raw == null) {
            NUMBERS.put(name, defaultValue);
            return defaultValue;
        }
        try {
            int value = Integer.parseInt(raw.trim());
            if (value >= min && value <= max) {
                NUMBERS.put(name, value);
                return value;
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw new IllegalStateException("setting " + name + " must be an integer from " + min + " to " + max + ", got '" + raw + "'");
    }

    static String choice(String name, String defaultValue, List<String> allowed) {
        String raw = raw(name);
        if (raw == null) {
            return defaultValue;
        }
        String value = raw.trim().toLowerCase(Locale.ROOT);
        if (!allowed.contains(value)) {
            throw new IllegalStateException("setting " + name + " must be one of " + allowed + ", got '" + raw + "'");
        }
        return value;
    }

    static String text(String name, String defaultValue) {
        String raw = raw(name);
        return raw == null ? defaultValue : raw.trim();
    }

    /** Every numeric setting read so far, by name, with the value in effect. */
    public static SortedMap<String, Integer> inEffect() {
        return new TreeMap<>(NUMBERS);
    }

    /** The environment variable of a setting: TRAINYARD_TRAIN_WORKERS for trainyard.train.workers. */
    static String environmentVariable(String name) {
        return name.toUpperCase(Locale.ROOT).replace('.', '_');
    }

    private static String raw(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            value = System.getenv(environmentVariable(name));
        }
        return value == null || value.isBlank() ? null : value;
    }
}
