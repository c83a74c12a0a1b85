package dev.trainyard.tool.run;

import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.FileUtils;

/**
 * A GlassFish domain for one run: a copy of a domain made once for the layout with asadmin (the
 * shared values and the database address as domain system properties,
 * server-configs/glassfish/*.asadmin and a {@link Tuning}'s asadmin set run in one multimode
 * session), given the run's database password and TLS key while nothing runs.
 */
final class GlassFishDomain {

    static final String NAME = "trainyard";

    private final Path home;
    private final int adminPort;
    private final ServerLayout layout;
    private final Path driverJar;
    private final Asadmin asadmin;

    GlassFishDomain(Path home, int adminPort, Path driverJar, ServerLayout layout, Asadmin asadmin) {
        this.home = home;
        this.adminPort = adminPort;
        this.driverJar = driverJar;
        this.layout = layout;
        this.asadmin = asadmin;
    }

    /** The run's domain under {@code domains}, from the layout's template, with this run's secrets and its admin password file. */
    void makeIn(Path domains) throws IOException {
        if (layout.https()) {
            // A keystore its password does not open stops the start at once, before a domain is made for it.
            try {
                layout.tls().keyAlias();
            } catch (IOException | java.security.GeneralSecurityException e) {
                throw unopenable(e);
            }
        }
        Path template = template();
        copyPreserving(template.resolve(NAME), domains.resolve(NAME));
        Files.copy(template.resolve("admin-password"), adminPasswordFile(layout), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        // What is this run's alone, written into its copy while nothing runs: the database password, the TLS key.
        storeDatabasePassword(domains.resolve(NAME).resolve("config/domain-passwords"));
        if (layout.https()) {
            importKeystore(domains.resolve(NAME).resolve("config/keystore.jks"));
        }
    }

    /** Where a run's admin password is: asadmin --user admin --passwordfile &lt;this&gt; for your own commands. */
    static Path adminPasswordFile(ServerLayout layout) {
        return layout.base().resolve("admin-password");
    }

    /** Where the WAR looks for the word to drain (trainyard.shutdown.drainFile). */
    static Path drainFile(ServerLayout layout) {
        return layout.base().resolve(NAME).resolve("trainyard.drain");
    }

    /** The shared settings every server reads (server-configs/trainyard.properties). */
    static Properties shared(ServerLayout layout) throws IOException {
        Properties shared = new Properties();
        try (InputStream in = Files.newInputStream(layout.sharedProperties())) {
            shared.load(in);
        }
        return shared;
    }

    /**
     * A domain configured for this layout, made once and copied at each start: created with
     * asadmin, started, given {@link #configure(Path)}'s settings in one multimode session and
     * stopped, so the copy starts once with its thread pool and JVM options in place (they take
     * effect at a start). Its name is a digest of everything it was made from (the distribution,
     * the JDK, the ports, the commands with their values, the driver): a change to any of them
     * makes a new one. What differs between runs of one layout (the database password, the TLS
     * key) is written into each copy before it starts. Its admin password, random and readable by
     * its owner only, is the layout's: each run's copy has it.
     */
    private Path template() throws IOException {
        Path root = home.resolveSibling(home.getFileName() + "-domains");
        Path template = root.resolve(templateKey());
        if (Files.isDirectory(template.resolve(NAME))) {
            return template;
        }
        Files.createDirectories(root);
        Path building = Files.createTempDirectory(root, "building-");
        try {
            Path password = building.resolve("admin-password");
            writeAdminPassword(password);
            asadmin.run(password, "create-domain", "--domaindir", building.toString(), "--adminport", Integer.toString(adminPort),
                    "--instanceport", Integer.toString(layout.port()), "--checkports=false", NAME);
            FileUtils.copyFileToDirectory(driverJar.toFile(), building.resolve(NAME).resolve("lib").toFile());
            if (layout.https()) {
                // The TLS listener names the key's alias: the template holds a key under it, which each copy replaces.
                importKeystore(building.resolve(NAME).resolve("config/keystore.jks"));
            }
            asadmin.run(password, "start-domain", "--domaindir", building.toString(), NAME);
            try {
                configure(password);
            } finally {
                asadmin.run(password, "stop-domain", "--domaindir", building.toString(), NAME);
            }
            FileUtils.deleteDirectory(building.resolve(NAME).resolve("logs").toFile());
            try {
                Files.move(building, template, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException madeMeanwhile) {
                // Another run made the same template meanwhile: it is as good as this one.
                if (!Files.isDirectory(template.resolve(NAME))) {
                    throw madeMeanwhile;
                }
            }
        } finally {
            if (Files.exists(building)) {
                FileUtils.deleteDirectory(building.toFile());
            }
        }
        return template;
    }

    /** The template's name: a digest of what it is made from; a new value of any of them, a new template. */
    private String templateKey() throws IOException {
        String made = String.join("\n", "domain v1", home.toAbsolutePath().toString(), layout.jdk().home().toString(),
                Integer.toString(adminPort), Integer.toString(layout.port()), Boolean.toString(layout.https()),
                driverJar.toAbsolutePath() + " " + Files.size(driverJar) + " " + Files.getLastModifiedTime(driverJar), commands());
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(made.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(digest, 0, 12);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The password alias, the domain's system properties and {@link #configuration()} in one
     * multimode session: every asadmin call starts a JVM of its own, and the first command a fresh
     * domain serves wakes its admin services, so one session pays both once. The alias
     * trainyard-db-password (the pool's password property names it) is made here with a value no
     * run uses; each run's copy gets the run's database password under it ({@link #storeDatabasePassword}).
     */
    private void configure(Path adminPassword) throws IOException {
        Path commands = Files.createTempFile(layout.base(), "configuration", ".asadmin");
        Path file = Files.createTempFile(layout.base(), "alias", ".pw",
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(commands, commands(), StandardCharsets.UTF_8);
            Files.writeString(file, Files.readString(adminPassword) + "AS_ADMIN_ALIASPASSWORD=" + randomHex() + "\n", StandardCharsets.UTF_8);
            asadmin.run(file, "--port", Integer.toString(adminPort), "multimode", "--file", commands.toString());
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(commands);
        }
    }

    private String commands() throws IOException {
        return "create-password-alias trainyard-db-password\n"
                // A multimode file's lines are unescaped once more than a command line: its backslashes doubled.
                + "create-system-properties " + systemProperties().replace("\\", "\\\\") + "\n" + configuration();
    }

    /**
     * The run's database password under the alias the pool names, in the domain's password store
     * (a JCEKS keystore opened with the master password, GlassFish's default changeit for a domain
     * made without one), where create-password-alias puts it in a running domain: written with
     * keytool before the domain starts, given on its standard input, never on a command line or
     * in a file.
     */
    private void storeDatabasePassword(Path store) throws IOException {
        Path master = masterPasswordFile();
        try {
            String keytool = layout.jdk().home().resolve("bin/keytool").toString();
            keytool(null, keytool, "-delete", "-alias", "trainyard-db-password", "-keystore", store.toString(), "-storetype", "JCEKS",
                    "-storepass:file", master.toString());
            keytool(layout.db().password() + "\n", keytool, "-importpass", "-alias", "trainyard-db-password", "-keystore", store.toString(),
                    "-storetype", "JCEKS", "-storepass:file", master.toString(), "-keypass:file", master.toString());
        } finally {
            Files.deleteIfExists(master);
        }
    }

    private static void keytool(String input, String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            try (var in = p.getOutputStream()) {
                if (input != null) {
                    in.write(input.getBytes(StandardCharsets.UTF_8));
                }
            }
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException("keytool " + command[1] + " on the domain's password store failed: " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** A copy that keeps each file's permissions (the domain's keyfiles are its owner's alone). */
    private static void copyPreserving(Path from, Path to) throws IOException {
        try (var paths = Files.walk(from)) {
            for (Path path : (Iterable<Path>) paths::iterator) {
                Files.copy(path, to.resolve(from.relativize(path).toString()), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES,
                        java.nio.file.LinkOption.NOFOLLOW_LINKS);
            }
        }
    }

    /**
     * server-configs/glassfish's asadmin files (the TLS one too over HTTPS), then a tuned run's
     * changes of their literal sizes, set the way an operator would.
     */
    private String configuration() throws IOException {
        List<String> files = new ArrayList<>(List.of("trainyard-network.asadmin", "trainyard-tuning.asadmin", "trainyard-jdbc.asadmin"));
        if (layout.https()) {
            files.add("tls/trainyard-tls.asadmin");
        }
        StringBuilder commands = new StringBuilder();
        for (String file : files) {
            commands.append(Files.readString(layout.configs().resolve("glassfish").resolve(file), StandardCharsets.UTF_8)).append('\n');
        }
        for (String set : layout.tuning().glassFishSets()) {
            commands.append("set ").append(set).append('\n');
        }
        return commands.toString();
    }

    /**
     * A new admin password for a template domain, never printed: asadmin reads it from a file
     * only its owner can read (AS_ADMIN_PASSWORD), the one every asadmin call here names.
     * GlassFish's own default, an empty password, lets anyone who reaches the admin port deploy code.
     */
    private static void writeAdminPassword(Path file) throws IOException {
        Files.writeString(file, "", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Files.writeString(file, "AS_ADMIN_PASSWORD=" + randomHex() + "\n", StandardCharsets.UTF_8);
    }

    private static String randomHex() {
        byte[] random = new byte[24];
        new java.security.SecureRandom().nextBytes(random);
        return java.util.HexFormat.of().formatHex(random);
    }

    /**
     * GlassFish serves a listener's certificate from the domain's keystore, by alias, opened with
     * the domain's master password (GlassFish's default, changeit, for a domain made without one,
     * as this one is): the run's key goes there as "trainyard", the alias tls/trainyard-tls.asadmin names.
     * makeIn() has opened the keystore before the domain was made: one that cannot be opened never gets here.
     */
    private void importKeystore(Path domainKeystore) throws IOException {
        Path master = masterPasswordFile();
        try {
            layout.tls().importInto(layout.jdk().home().resolve("bin/keytool"), domainKeystore, "JKS", master, "trainyard");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (java.security.GeneralSecurityException e) {
            throw unopenable(e);
        } finally {
            Files.deleteIfExists(master);
        }
    }

    /**
     * The domain's master password in a file only its owner reads, for keytool: GlassFish's default,
     * changeit, for a domain made without one, as these are. The caller deletes it.
     */
    private Path masterPasswordFile() throws IOException {
        Path master = Files.createTempFile(layout.base(), "master", ".pw",
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(master, "changeit", StandardCharsets.UTF_8);
            return master;
        } catch (IOException e) {
            Files.deleteIfExists(master);
            throw e;
        }
    }

    private IOException unopenable(Exception e) {
        return new IOException("cannot open the keystore " + layout.tls().keystore() + " with the password in "
                + layout.tls().passwordFile() + ": " + e.getMessage(), e);
    }

    /** name=value:name=value for create-system-properties, with ':' escaped as asadmin wants. */
    private String systemProperties() throws IOException {
        Properties shared = shared(layout);
        List<String> pairs = new ArrayList<>();
        shared.stringPropertyNames().stream().sorted().forEach(name -> pairs.add(pair(name, shared.getProperty(name))));
        pairs.add(pair("trainyard.shutdown.drainFile", drainFile(layout).toString()));
        pairs.add(pair("trainyard.db.url", layout.db().url()));
        pairs.add(pair("trainyard.db.user", layout.db().user()));
        // The JDBC pool takes the password from its alias; the WAR's R2DBC pool from PostgreSQL's password file.
        pairs.add(pair(DbSettings.PGPASSFILE_PROPERTY, layout.pgpass().toString()));
        return String.join(":", pairs);
    }

    private static String pair(String name, String value) {
        return name + "=" + value.replace("\\", "\\\\").replace(":", "\\:").replace("=", "\\=");
    }
}
