package dev.trainyard.tool.seed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The DDL in trainyard-schema.sql, one idempotent statement at a time. */
public final class Schema {

    static final String RESOURCE = "/trainyard-schema.sql";

    private Schema() {
    }

    public static String[] statements() {
        try (InputStream in = Schema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).split(";\\s*\\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
