package dev.trainyard.it.support;

import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes the asadmin command file the GlassFish run executes once its domain is up: first the
 * database address of this run and the suite's WAR settings as domain system properties (what an
 * operator sets by hand), then
 * server-configs/glassfish's trainyard-network, -tuning and -jdbc.asadmin verbatim, then a stop and a start. The Arquillian GlassFish adapter runs
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
                + property(DbSettings.USER, db.user()) + ":"
                // The JDBC pool takes the password from the alias below; the WAR's R2DBC pool from this file.
                + property(DbSettings.PGPASSFILE_PROPERTY, db.writePgpass(Path.of(target).resolveSibling("glassfish-db.pgpass")).toAbsolutePath().toString())
                + settings.entrySet().stream().map(e -> ":" + property(e.getKey(), e.getValue())).collect(Collectors.joining())
                + "\n"
                // domain1 under target/ outlives a build: drop the pool a previous run made (on a
                // fresh domain these two fail, and multimode goes on), so that it is made anew
                // from today's server-configs.
                + "delete-jdbc-resource jdbc/trainyard\n"
                + "delete-jdbc-connection-pool trainyard-pool\n"
                // The database password as the alias the pool names, from a file only this user
                // reads (the run's random password: not in domain.xml, not on a command line).
                + "delete-password-alias trainyard-db-password\n"
                + "create-password-alias --passwordfile " + aliasFile(db) + " trainyard-db-password\n"
                + Files.readString(configs.resolve("trainyard-network.asadmin"), StandardCharsets.UTF_8)
                + Files.readString(configs.resolve("trainyard-tuning.asadmin"), StandardCharsets.UTF_8)
                + Files.readString(configs.resolve("trainyard-jdbc.asadmin"), StandardCharsets.UTF_8)
                // Listener addresses, the http thread pool and the JVM options apply at a start,
                // as when an operator runs these files: the suite then deploys to the restarted domain.
                // A stop and a start, not restart-domain: the process restart-domain spawns from the
                // dying server sometimes came up with its logging dead (server.log never written
                // again, its records nowhere), which the log checks then saw as a missing record.
                + "stop-domain domain1\n"
                + "start-domain domain1\n";
        Path file = Path.of(target);
        Files.createDirectories(file.getParent());
        Files.writeString(file, script, StandardCharsets.UTF_8);
    }

    /** AS_ADMIN_ALIASPASSWORD in a file of mode 600 beside the script. */
    private static Path aliasFile(DbSettings db) throws IOException {
        Path file = Path.of(System.getProperty(TARGET)).resolveSibling("glassfish-db-alias.pw");
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, "AS_ADMIN_ALIASPASSWORD=" + db.password() + "\n", StandardCharsets.UTF_8);
        return file;
    }

    /** asadmin separates properties with ':' and reads '\:' as a literal colon. */
    private static String property(String name, String value) {
        return name + "=" + value.replace("\\", "\\\\").replace(":", "\\\\:").replace("=", "\\\\=");
    }
}
