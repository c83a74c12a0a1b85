package dev.trainyard.data.r2dbc;

import java.net.URI;

/**
 * What the R2DBC pool is built from: the database the servers' JDBC pools reach (their
 * {@code jdbc:postgresql://host:port/database} URL and user) and the same bounds, so that the
 * driver axis compares drivers, not pool sizes or timeouts. The password is not here: it is read
 * from PostgreSQL's password file when a connection opens, as the JDBC driver reads it.
 */
public record R2dbcConfig(String host, int port, String database, String user,
                          int poolSize, int minIdle, int maxWaitMillis, int maxWaiting,
                          int statementTimeoutMillis, int socketTimeoutSeconds, int connectTimeoutSeconds, int eventLoops) {

    /** Host, port and database of a {@code jdbc:postgresql://} URL (one host; its parameters are the JDBC pool's). */
    public static R2dbcConfig forJdbcUrl(String jdbcUrl, String user, int poolSize, int minIdle, int maxWaitMillis, int maxWaiting,
                                         int statementTimeoutMillis, int socketTimeoutSeconds, int connectTimeoutSeconds, int eventLoops) {
        if (!jdbcUrl.startsWith("jdbc:postgresql://")) {
            throw new IllegalArgumentException("not a jdbc:postgresql:// URL: " + jdbcUrl);
        }
        URI uri = URI.create(jdbcUrl.substring("jdbc:".length()));
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("no single host in " + jdbcUrl);
        }
        String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
        return new R2dbcConfig(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(), path.isEmpty() ? user : path, user,
                poolSize, minIdle, maxWaitMillis, maxWaiting, statementTimeoutMillis, socketTimeoutSeconds, connectTimeoutSeconds, eventLoops);
    }
}
