package dev.trainyard.tool.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A real PostgreSQL server run from the binaries in a Maven artifact (zonky), for machines that
 * have only a JDK and Maven. Its data directory survives restarts, so a seeded database is seeded
 * once and shared by every test JVM and run that points at the same directory.
 */
public final class EmbeddedDatabase implements AutoCloseable {

    public static final String DATABASE = "trainyard";
    public static final String ROLE = "trainyard";
    /**
     * No password: the embedded server listens on loopback only and trusts local connections
     * (initdb -A trust), so there is no secret to keep, in the repository or anywhere.
     */
    static final String PASSWORD = "";

    private final EmbeddedPostgres postgres;
    private final DbSettings settings;

    private EmbeddedDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
        this.settings = new DbSettings("jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + DATABASE, ROLE, PASSWORD);
    }

    public static EmbeddedDatabase start(int port, Path dataDirectory) throws IOException, SQLException {
        Files.createDirectories(dataDirectory.getParent());
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setPort(port)
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(false)
                // Three servers' pools plus tools: room for all of them at once.
                .setServerConfig("max_connections", "300")
                .setServerConfig("listen_addresses", "127.0.0.1")
                // Test data can be rebuilt: durability costs more than it is worth here.
                .setServerConfig("fsync", "off")
                .setServerConfig("synchronous_commit", "off")
                .setServerConfig("full_page_writes", "off")
                .start();
        EmbeddedDatabase database = new EmbeddedDatabase(postgres);
        database.createRoleAndDatabase();
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

    private static boolean exists(Connection c, String sql, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }
}
