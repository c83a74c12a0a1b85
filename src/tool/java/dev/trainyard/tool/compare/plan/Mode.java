package dev.trainyard.tool.compare.plan;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How much a run measures: the default run, the full one, or a smoke run that only proves everything works. */
public enum Mode {
    DEFAULT, FULL, SMOKE;

    /** The mode option's values, in this order. */
    public static final String KEYS = Arrays.stream(values()).map(Mode::key).collect(Collectors.joining(","));

    /** As the mode option names it. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Mode of(String key) {
        return valueOf(key.toUpperCase(Locale.ROOT));
    }
}
