package dev.trainyard.tool.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server run from the binaries in a Maven artifact (zonky), for machines that
 * have only a JDK and Maven. Its data directory survives restarts, so a seeded database is seeded
 * once and shared by every test JVM and run that points at the same directory.
 */
public final class EmbeddedDatabase implements AutoCloseable {

    public static final String DATABASE = "trainyard";
    public static final String ROLE = "trainyard";
    /** Put first in pg_hba.conf: the application role logs in with its password (scram), never trusted. */
    static final String HBA_RULES = "# trainyard: the application role logs in with its password\n"
            + "host all " + ROLE + " 127.0.0.1/32 scram-sha-256\n"
            + "host all " + ROLE + " ::1/128 scram-sha-256\n";

    private final EmbeddedPostgres postgres;
    private final DbSettings settings;
    private final Path dataDirectory;

    private EmbeddedDatabase(EmbeddedPostgres postgres, Path dataDirectory, String password) {
        this.postgres = postgres;
        this.dataDirectory = dataDirectory;
        this.settings = new DbSettings("jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + DATABASE, ROLE, password);
    }

    /** Starts it with a new random password for the application role. */
    public static EmbeddedDatabase start(int port, Path dataDirectory) throws IOException, SQLException {
        return start(port, dataDirectory, true);
    }

    /**
     * Starts it with a new random password; {@code autovacuum} false for a run that vacuums itself
     * where nothing is measured (the comparison, between its rounds of trials), so that no
     * autovacuum lands inside a measured window.
     */
    public static EmbeddedDatabase start(int port, Path dataDirectory, boolean autovacuum) throws IOException, SQLException {
        // A new random password at every start, as a real database would have one: nothing to keep
        // in the repository, and the tests can look for it where it must never appear.
        byte[] random = new byte[18];
        new SecureRandom().nextBytes(random);
        return start(port, dataDirectory, HexFormat.of().formatHex(random), autovacuum);
    }

    /** Starts it again with the password the servers already hold (after a stop, a crash). */
    public static EmbeddedDatabase start(int port, Path dataDirectory, String password) throws IOException, SQLException {
        return start(port, dataDirectory, password, true);
    }

    private static EmbeddedDatabase start(int port, Path dataDirectory, String password, boolean autovacuum) throws IOException, SQLException {
        Files.createDirectories(dataDirectory.getParent());
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setPort(port)
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(false)
                // Three servers' pools plus tools: room for all of them at once.
                .setServerConfig("max_connections", "300")
                .setServerConfig("listen_addresses", "127.0.0.1")
                // Test data can be rebuilt: no fsync (an OS crash may lose it). Commits still reach
                // the OS before they are acknowledged (synchronous_commit on, where zonky sets off), so a killed
                // server loses nothing it confirmed: the fault tests count views after a kill.
                .setServerConfig("fsync", "off")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "off")
                .setServerConfig("autovacuum", autovacuum ? "on" : "off")
                .start();
        EmbeddedDatabase database = new EmbeddedDatabase(postgres, dataDirectory, password);
        database.createRoleAndDatabase();
        database.requirePassword();
        return database;
    }

    public DbSettings settings() {
        return settings;
    }

    private void createRoleAndDatabase() throws SQLException {
        try (Connection c = postgres.getPostgresDatabase().getConnection();
             Statement s = c.createStatement()) {
            if (!exists(c, "SELECT 1 FROM pg_roles WHERE rolname = ?", ROLE)) {
                s.execute("CREATE ROLE " + ROLE + " LOGIN");
            }
            if (!exists(c, "SELECT 1 FROM pg_database WHERE datname = ?", DATABASE)) {
                s.execute("CREATE DATABASE " + DATABASE + " OWNER " + ROLE);
            }
        }
    }

    /**
     * Sets the role's password (stored as scram) and makes TCP logins of the role check it: zonky's
     * initdb trusts every local connection, which would let any password in.
     */
    private void requirePassword() throws SQLException, IOException {
        Path hba = dataDirectory.resolve("pg_hba.conf");
        String rules = Files.readString(hba);
        if (!rules.startsWith(HBA_RULES)) {
            Files.writeString(hba, HBA_RULES + rules);
        }
        try (Connection c = postgres.getPostgresDatabase().getConnection();
             Statement s = c.createStatement()) {
            s.execute("SET password_encryption = 'scram-sha-256'");
            s.execute("ALTER ROLE " + ROLE + " PASSWORD '" + settings.password() + "'");
            s.execute("SELECT pg_reload_conf()");
        }
    }

    private static boolean exists(Connection c, String sql, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** The postmaster and all its backends now. */
    public List<ProcessHandle> processes() throws IOException {
        long postmaster = Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).trim());
        return ProcessHandle.of(postmaster).map(p -> Stream.concat(Stream.of(p), p.descendants()).toList()).orElse(List.of());
    }

    /**
     * Sends {@code signal} (STOP, CONT, KILL) to every process of this server: the postmaster and
     * all its backends. Pausing only the postmaster would leave the pooled connections' backends
     * serving. For fault tests: a database that freezes, resumes, or dies.
     */
    public void signal(String signal) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        processes().forEach(p -> command.add(Long.toString(p.pid())));
        Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(kill.getInputStream().readAllBytes());
        // A backend that ended between the listing and the signal is no failure: kill still
        // signalled every other process. Anything else is.
        if (kill.waitFor() != 0 && !output.lines().allMatch(line -> line.contains("No such process"))) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }
}
