package dev.trainyard.it.support;

import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes the asadmin command file the GlassFish run executes once its domain is up: first the
 * database address of this run and the suite's WAR settings as domain system properties (what an
 * operator sets by hand), then
 * server-configs/glassfish/trainyard-tuning.asadmin and trainyard-jdbc.asadmin verbatim. The Arquillian GlassFish adapter runs
 * one post-boot command per container and folds multi-line settings into one line, so the two
 * steps travel as one file for asadmin multimode.
 */
final class GlassFishSetup {

    /** Set by the pom for the GlassFish run only: where to write the file. */
    static final String TARGET = "glassfish.setup.file";
    static final String CONFIGS = "glassfish.configs";

    private GlassFishSetup() {
    }

    static void writeIfRequested(DbSettings db, Map<String, String> settings) throws IOException {
        String target = System.getProperty(TARGET);
        if (target == null) {
            return;
        }
        Path configs = Path.of(System.getProperty(CONFIGS, "server-configs/glassfish"));
        String script = "# Written by the test run; do not edit.\n"
                + "create-system-properties " + property(DbSettings.URL, db.url()) + ":"
                + property(DbSettings.USER, db.user())
                // asadmin refuses an empty value; the embedded database needs none (it trusts loopback).
                + (db.password().isEmpty() ? "" : ":" + property(DbSettings.PASSWORD, db.password()))
                + settings.entrySet().stream().map(e -> ":" + property(e.getKey(), e.getValue())).collect(Collectors.joining())
                + "\n"
                // domain1 under target/ outlives a build: drop the pool a previous run made (on a
                // fresh domain these two fail, and multimode goes on), so that it is made anew
                // from today's server-configs.
                + "delete-jdbc-resource jdbc/trainyard\n"
                + "delete-jdbc-connection-pool trainyard-pool\n"
                + Files.readString(configs.resolve("trainyard-tuning.asadmin"), StandardCharsets.UTF_8)
                + Files.readString(configs.resolve("trainyard-jdbc.asadmin"), StandardCharsets.UTF_8);
        Path file = Path.of(target);
        Files.createDirectories(file.getParent());
        Files.writeString(file, script, StandardCharsets.UTF_8);
    }

    /** asadmin separates properties with ':' and reads '\:' as a literal colon. */
    private static String property(String name, String value) {
        return name + "=" + value.replace("\\", "\\\\").replace(":", "\\\\:").replace("=", "\\\\=");
    }
}
