package dev.trainyard.config;

/**
 * The database pools' sizes and connection bounds, from the settings the servers' JDBC pools are
 * configured with (server-configs/trainyard.properties): the WAR bounds the borrows waiting for
 * the JDBC pool with them and builds its R2DBC pool to the same measure.
 */
public record DbPool(String url, String user, int size, int minIdle, int maxWaiting, int socketTimeoutSeconds, int connectTimeoutSeconds) {

    /** What the WAR assumes where a server hands it none of the settings: trainyard.properties' values (a test keeps them equal). */
    public static final DbPool DEFAULTS = new DbPool("jdbc:postgresql://127.0.0.1:18432/trainyard", "trainyard", 20, 2, 200, 40, 5);

    public static DbPool fromSystem() {
        return new DbPool(
                Settings.text("trainyard.db.url", DEFAULTS.url),
                Settings.text("trainyard.db.user", DEFAULTS.user),
                Settings.integer("trainyard.jdbc.poolSize", DEFAULTS.size, 1, 10_000),
                Settings.integer("trainyard.jdbc.minIdle", DEFAULTS.minIdle, 0, 10_000),
                Settings.integer("trainyard.db.maxWaiting", DEFAULTS.maxWaiting, 1, 1_000_000),
                Settings.integer("trainyard.jdbc.socketTimeoutSeconds", DEFAULTS.socketTimeoutSeconds, 1, 3_600),
                Settings.integer("trainyard.jdbc.connectTimeoutSeconds", DEFAULTS.connectTimeoutSeconds, 1, 600));
    }
}
