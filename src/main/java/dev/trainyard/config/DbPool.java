package dev.trainyard.config;

/**
 * The database pools' sizes and connection bounds, from the settings the servers' JDBC pools are
 * configured with (server-configs/trainyard.properties): the WAR bounds the borrows waiting for
 * the JDBC pool with them and builds its R2DBC pool to the same measure.
 */
public record DbPool(String url, String user, int size, int minIdle, int maxWaiting, int socketTimeoutSeconds, int connectTimeoutSeconds) {

    /** What the WAR assumes where a server hands it none of the settings: trainyard.properties' values (a test keeps them equal). */
    public static final DbPool DEFAULTS = new DbPool(Setting.DB_URL.defaultText(), Setting.DB_USER.defaultText(),
            Setting.JDBC_POOL_SIZE.defaultInteger(), Setting.JDBC_MIN_IDLE.defaultInteger(), Setting.DB_MAX_WAITING.defaultInteger(),
            Setting.JDBC_SOCKET_TIMEOUT_SECONDS.defaultInteger(), Setting.JDBC_CONNECT_TIMEOUT_SECONDS.defaultInteger());

    public static DbPool fromSystem() {
        return new DbPool(
                Setting.DB_URL.text(),
                Setting.DB_USER.text(),
                Setting.JDBC_POOL_SIZE.integer(),
                Setting.JDBC_MIN_IDLE.integer(),
                Setting.DB_MAX_WAITING.integer(),
                Setting.JDBC_SOCKET_TIMEOUT_SECONDS.integer(),
                Setting.JDBC_CONNECT_TIMEOUT_SECONDS.integer());
    }
}
