package dev.trainyard.tool.run;

import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.FileUtils;

/**
 * GlassFish 7 from the distribution the build unpacked, with a domain of its own in the run
 * directory: a copy of a domain made once for the layout with asadmin, GlassFish's native tool
 * (the shared values and the database address as domain system properties,
 * server-configs/glassfish/*.asadmin and a {@link Tuning}'s asadmin set run in one multimode
 * session), given the run's database password and TLS key, started, then the WAR deployed at /trainyard.
 * GlassFish 7 has no virtual-thread variant (that arrives in GlassFish 8).
 */
final class GlassFishProcess implements ServerProcess {

    static final String DOMAIN = "trainyard";
    /** How long an asadmin command may take (a first start-domain and a deploy are the slow ones); a stop, less. */
    private static final long ASADMIN_BOUND_SECONDS = 300;
    private static final long STOP_BOUND_SECONDS = 60;

    private final Path home;
    private final int adminPort;
    private final ServerLayout layout;
    private final Path driverJar;
    private boolean started;

    GlassFishProcess(Path home, int adminPort, Path driverJar, ServerLayout layout) {
        if (layout.virtual()) {
            throw new IllegalArgumentException("GlassFish 7 has no virtual-thread variant (virtual threads arrive in"
                    + " GlassFish 8); run -Dvariant=platform. The WAR's own executors still use virtual threads on JDK 21+.");
        }
        layout.jdk().requireAtMost(17, "GlassFish 7");
        this.home = home;
        this.adminPort = adminPort;
        this.driverJar = driverJar;
        this.layout = layout;
    }

    @Override
    public void start() throws IOException {
        Path asadmin = home.resolve("bin/asadmin");
        if (!Files.isExecutable(asadmin)) {
            throw new IOException("no GlassFish at " + home + ": the build lays it out in the pre-integration-test phase");
        }
        Path domains = layout.base();
        FileUtils.deleteDirectory(domains.toFile());
        Files.createDirectories(domains);
        if (layout.https()) {
            // A keystore its password does not open stops the start at once, before a domain is made for it.
            try {
                layout.tls().keyAlias();
            } catch (IOException | java.security.GeneralSecurityException e) {
                throw unopenable(e);
            }
        }
        Path template = template();
        copyPreserving(template.resolve(DOMAIN), domains.resolve(DOMAIN));
        Files.copy(template.resolve("admin-password"), adminPasswordFile(), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        // What is this run's alone, written into its copy while nothing runs: the database password, the TLS key.
        storeDatabasePassword(domains.resolve(DOMAIN).resolve("config/domain-passwords"));
        if (layout.https()) {
            importKeystore(domains.resolve(DOMAIN).resolve("config/keystore.jks"));
        }
        // Set first: a stop that comes while the domain starts must still stop it.
        started = true;
        startWithItsLog(domains);
        asadmin("--port", Integer.toString(adminPort), "deploy", "--contextroot", "trainyard", "--name", "trainyard",
                layout.war().toString());
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
        if (Files.isDirectory(template.resolve(DOMAIN))) {
            return template;
        }
        Files.createDirectories(root);
        Path building = Files.createTempDirectory(root, "building-");
        try {
            Path password = building.resolve("admin-password");
            writeAdminPassword(password);
            asadmin(password, "create-domain", "--domaindir", building.toString(), "--adminport", Integer.toString(adminPort),
                    "--instanceport", Integer.toString(layout.port()), "--checkports=false", DOMAIN);
            FileUtils.copyFileToDirectory(driverJar.toFile(), building.resolve(DOMAIN).resolve("lib").toFile());
            if (layout.https()) {
                // The TLS listener names the key's alias: the template holds a key under it, which each copy replaces.
                importKeystore(building.resolve(DOMAIN).resolve("config/keystore.jks"));
            }
            asadmin(password, "start-domain", "--domaindir", building.toString(), DOMAIN);
            try {
                configure(password);
            } finally {
                asadmin(password, "stop-domain", "--domaindir", building.toString(), DOMAIN);
            }
            FileUtils.deleteDirectory(building.resolve(DOMAIN).resolve("logs").toFile());
            try {
                Files.move(building, template, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException madeMeanwhile) {
                // Another run made the same template meanwhile: it is as good as this one.
                if (!Files.isDirectory(template.resolve(DOMAIN))) {
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
            asadmin(file, "--port", Integer.toString(adminPort), "multimode", "--file", commands.toString());
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
        Path master = Files.createTempFile(layout.base(), "master", ".pw",
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(master, "changeit", StandardCharsets.UTF_8);
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
     * start() has opened the keystore before the domain was made: one that cannot be opened never gets here.
     */
    private void importKeystore(Path domainKeystore) throws IOException {
        Path master = Files.createTempFile(layout.base(), "master", ".pw",
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(master, "changeit", StandardCharsets.UTF_8);
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

    private IOException unopenable(Exception e) {
        return new IOException("cannot open the keystore " + layout.tls().keystore() + " with the password in "
                + layout.tls().passwordFile() + ": " + e.getMessage(), e);
    }

    /** Where this run's admin password is: asadmin --user admin --passwordfile &lt;this&gt; for your own commands. */
    public Path adminPasswordFile() {
        return layout.base().resolve("admin-password");
    }

    /** name=value:name=value for create-system-properties, with ':' escaped as asadmin wants. */
    private String systemProperties() throws IOException {
        Properties shared = new Properties();
        try (InputStream in = Files.newInputStream(layout.sharedProperties())) {
            shared.load(in);
        }
        List<String> pairs = new ArrayList<>();
        shared.stringPropertyNames().stream().sorted().forEach(name -> pairs.add(pair(name, shared.getProperty(name))));
        pairs.add(pair("trainyard.shutdown.drainFile", drainFile().toString()));
        pairs.add(pair("trainyard.db.url", layout.db().url()));
        pairs.add(pair("trainyard.db.user", layout.db().user()));
        // The JDBC pool takes the password from its alias; the WAR's R2DBC pool from PostgreSQL's password file.
        pairs.add(pair(DbSettings.PGPASSFILE_PROPERTY, layout.pgpass().toString()));
        return String.join(":", pairs);
    }

    private static String pair(String name, String value) {
        return name + "=" + value.replace("\\", "\\\\").replace(":", "\\:").replace("=", "\\=");
    }

    /**
     * Starts the domain and proves its server.log is written ({@link GlassFishLog}): a start that
     * came up with its logging dead is revived the way GlassFish allows, and said so; one that stays
     * dead fails the run rather than serve without a record of its failures.
     */
    private void startWithItsLog(Path domains) throws IOException {
        long from = GlassFishLog.end(log());
        asadmin("start-domain", "--domaindir", domains.toString(), DOMAIN);
        switch (GlassFishLog.written(domains.resolve(DOMAIN), from)) {
            case WRITTEN -> { }
            case REVIVED -> System.out.println("GlassFish came up with its logging dead (no " + GlassFishLog.LOGGING_CONFIGURED
                    + " record in server.log); its logging.properties written again revived it, the start's records written");
            case DEAD -> throw new IOException("GlassFish came up with its logging dead: no " + GlassFishLog.LOGGING_CONFIGURED
                    + " record in " + log() + " since its start, nor once its logging.properties was written again");
        }
    }

    private void asadmin(String... args) throws IOException {
        asadmin(adminPasswordFile(), args);
    }

    private void asadmin(Path passwordFile, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(home.resolve("bin/asadmin").toString());
        command.addAll(List.of("--user", "admin", "--passwordfile", passwordFile.toString()));
        command.addAll(List.of(args));
        // start-domain's JVM inherits where asadmin runs.
        ProcessBuilder builder = new ProcessBuilder(CpuAffinity.onServerCpus(command)).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.put("AS_JAVA", layout.jdk().home().toString());
        env.put("JAVA_HOME", layout.jdk().home().toString());
        // Its output goes to a file, so that the bound holds even when asadmin waits on a domain that
        // no longer answers (reading its pipe to the end would wait as long as asadmin does).
        Path out = Files.createTempFile(layout.base(), "asadmin", ".out");
        builder.redirectOutput(out.toFile());
        long began = System.nanoTime();
        Process p = builder.start();
        String output;
        try {
            long bound = args[0].equals("stop-domain") ? STOP_BOUND_SECONDS : ASADMIN_BOUND_SECONDS;
            boolean finished = p.waitFor(bound, TimeUnit.SECONDS);
            output = Files.readString(out, StandardCharsets.UTF_8);
            if (!finished) {
                p.destroyForcibly();
                throw new IOException("asadmin " + args[0] + " did not finish in " + bound + " s: " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            Files.deleteIfExists(out);
        }
        // Each command with what it took: where a start's seconds go reads off the log.
        Files.writeString(layout.base().resolve("asadmin.log"), "$ asadmin " + String.join(" ", args) + "\n" + output
                + String.format(java.util.Locale.ROOT, "(%.1f s)%n%n", (System.nanoTime() - began) / 1e9),
                StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        // multimode reports success even when one of its commands failed: read what it printed.
        if (p.exitValue() != 0 || output.contains("Command set failed") || output.contains("remote failure")) {
            throw new IOException("asadmin " + String.join(" ", args) + " failed:\n" + output);
        }
    }

    @Override
    public String baseUrl() {
        return layout.baseUrl();
    }

    /** The domain's JVM: asadmin starts it in the background, so it is found by its domain directory. */
    @Override
    public List<ProcessHandle> processes() {
        String domainDir = layout.base().resolve(DOMAIN).toString();
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(line -> line.contains(domainDir)).orElse(false))
                .toList();
    }

    @Override
    public Path directory() {
        return layout.base();
    }

    /** The domain's server.log: GlassFish writes every line there, the application's too. */
    @Override
    public Path log() {
        return layout.base().resolve(DOMAIN).resolve("logs/server.log");
    }

    @Override
    public boolean isAlive() {
        return started;
    }

    @Override
    public void awaitExit() throws InterruptedException {
        // asadmin runs the domain in the background: wait until its admin port closes.
        while (started && listening()) {
            Thread.sleep(1000);
        }
    }

    private boolean listening() {
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress("127.0.0.1", adminPort), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Stops the domain cleanly. GlassFish 7 closes its listeners first when it stops, cutting every
     * request in flight without an answer, and has no graceful stop of its own; so the WAR is
     * told to drain first (its drain file), which it does while the listeners still carry the
     * answers out, and the domain stops once the WAR says it is done (or after the stop bound).
     */
    @Override
    public void close() {
        if (!started) {
            return;
        }
        Path file = drainFile();
        Path done = file.resolveSibling(file.getFileName() + ".done");
        try {
            Files.writeString(file, "stop\n");
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(stopTimeoutMillis());
            while (!Files.exists(done) && System.nanoTime() < deadline && listening()) {
                Thread.sleep(100);
            }
        } catch (IOException e) {
            System.err.println("could not ask the WAR to drain before the stop: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            asadmin("stop-domain", "--domaindir", layout.base().toString(), DOMAIN);
        } catch (IOException e) {
            // A domain that no longer answers its admin port (its listener's thread lost to an
            // OutOfMemoryError, say) cannot be asked: it is killed, so that nothing stays bound.
            System.err.println("stopping GlassFish failed: " + e.getMessage() + "; killing its JVM");
            processes().forEach(ProcessHandle::destroyForcibly);
        }
        started = false;
    }

    /** Where the WAR looks for the word to drain (trainyard.shutdown.drainFile). */
    private Path drainFile() {
        return layout.base().resolve(DOMAIN).resolve("trainyard.drain");
    }

    private long stopTimeoutMillis() throws IOException {
        Properties shared = new Properties();
        try (InputStream in = Files.newInputStream(layout.sharedProperties())) {
            shared.load(in);
        }
        return Long.parseLong(shared.getProperty("trainyard.shutdown.stopTimeoutMillis", "8000"));
    }
}
