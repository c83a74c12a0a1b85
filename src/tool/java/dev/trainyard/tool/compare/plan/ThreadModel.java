package dev.trainyard.tool.compare.plan;

import java.util.Locale;

/** What threads a server variant serves its requests on: server-configs/ holds a platform and a virtual file set. */
public enum ThreadModel {
    PLATFORM, VIRTUAL;

    /** As the variants option, the server-configs folders and the report name it. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ThreadModel of(String key) {
        return valueOf(key.toUpperCase(Locale.ROOT));
    }
}
