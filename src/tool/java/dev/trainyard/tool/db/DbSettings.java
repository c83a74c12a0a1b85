package dev.trainyard.tool.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Where the database is. A user with a PostgreSQL of their own names it with system properties
 * (trainyard.db.url, .user, .password) or environment variables (TRAINYARD_DB_URL, _USER,
 * _PASSWORD); otherwise the tools start an embedded one.
 */
public record DbSettings(String url, String user, String password) {

    public static final String URL = "trainyard.db.url";
    public static final String USER = "trainyard.db.user";
    public static final String PASSWORD = "trainyard.db.password";

    /** The database the user named, if any. */
    public static Optional<DbSettings> configured() {
        String url = setting(URL);
        if (url == null) {
            return Optional.empty();
        }
        String user = setting(USER);
        String password = setting(PASSWORD);
        return Optional.of(new DbSettings(url, user == null ? "trainyard" : user, password == null ? "" : password));
    }

    /** Publishes the settings as system properties, where server configurations read them. */
    public void publish() {
        System.setProperty(URL, url);
        System.setProperty(USER, user);
        System.setProperty(PASSWORD, password);
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }

    /** The JVM options that hand these settings to a server process. */
    public String[] jvmOptions() {
        return new String[] {"-D" + URL + "=" + url, "-D" + USER + "=" + user, "-D" + PASSWORD + "=" + password};
    }

    static String setting(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            value = System.getenv(property.toUpperCase().replace('.', '_'));
        }
        return value == null || value.isBlank() ? null : value;
    }
}
