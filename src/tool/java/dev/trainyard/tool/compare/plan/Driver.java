package dev.trainyard.tool.compare.plan;

import java.util.Locale;

/** The database driver a cell's requests go through: JDBC (the store's own path) or R2DBC (under /blocking/r2dbc and /async/r2dbc). */
public enum Driver {
    JDBC, R2DBC;

    /** As the drivers option names it ("jdbc", "r2dbc"). */
    public static Driver of(String option) {
        return valueOf(option.toUpperCase(Locale.ROOT));
    }

    /** The option's name for it, and the word its rows carry. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
