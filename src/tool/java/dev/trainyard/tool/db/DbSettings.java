package dev.trainyard.tool.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Where the database is. A user with a PostgreSQL of their own names it with TRAINYARD_DB_URL and
 * _USER (or the system properties trainyard.db.url, .user), and its password in a file named by
 * TRAINYARD_DB_PASSWORD_FILE or in TRAINYARD_DB_PASSWORD; otherwise the tools start an embedded one.
 *
 * <p>The password never travels as a system property or a command-line argument (where process
 * lists and servers' start-up logs show it): servers get it through PostgreSQL's own password
 * file ({@link #writePgpass}), which the driver reads for a pool that gives it none.
 */
public record DbSettings(String url, String user, String password) {

    public static final String URL = "trainyard.db.url";
    public static final String USER = "trainyard.db.user";
    /** Where the driver finds the password file (pgjdbc reads this system property, then PGPASSFILE). */
    public static final String PGPASSFILE_PROPERTY = "org.postgresql.pgpassfile";

    /** The database the user named, if any. */
    public static Optional<DbSettings> configured() {
        String url = setting(URL);
        if (url == null) {
            return Optional.empty();
        }
        String user = setting(USER);
        return Optional.of(new DbSettings(url, user == null ? "trainyard" : user, secret()));
    }

    /** TRAINYARD_DB_PASSWORD_FILE's content (its last line break dropped), else TRAINYARD_DB_PASSWORD, else none. */
    private static String secret() {
        String file = System.getenv("TRAINYARD_DB_PASSWORD_FILE");
        if (file != null && !file.isBlank()) {
            try {
                return Files.readString(Path.of(file), StandardCharsets.UTF_8).stripTrailing();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read TRAINYARD_DB_PASSWORD_FILE " + file, e);
            }
        }
        String password = System.getenv("TRAINYARD_DB_PASSWORD");
        return password == null ? "" : password;
    }

    /** Publishes the address (not the password) as system properties, where server configurations read it. */
    public void publish() {
        System.setProperty(URL, url);
        System.setProperty(USER, user);
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }

    /**
     * Writes PostgreSQL's password file (any host, port, database and user: the servers' pools
     * connect as {@link #user()} to {@link #url()} only) where only its owner may read it, and
     * returns it. The servers' pools name no password; the driver takes it from here.
     */
    public Path writePgpass(Path file) {
        String escaped = password.replace("\\", "\\\\").replace(":", "\\:");
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, "*:*:*:*:" + escaped + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the password file " + file, e);
        }
        return file;
    }

    static String setting(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            value = System.getenv(property.toUpperCase().replace('.', '_'));
        }
        return value == null || value.isBlank() ? null : value;
    }
}
