package dev.trainyard.tool.run;

import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Everything a server process needs to be laid out and started; read from the runner's properties.
 * With a {@link TlsKeystore} the server also serves HTTPS on {@code httpsPort}: its tls/
 * configuration is laid over the rest, reading the keystore where {@link #sharedProperties()} says.
 */
record ServerLayout(String server, String variant, int port, Path configs, Path runDir, Path war, Jdk jdk, DbSettings db, Tuning tuning,
        int httpsPort, TlsKeystore tls) {

    /**
     * server-configs/trainyard.properties, the values every server shares, with the run's {@link Tuning}
     * in place and, with HTTPS, its port and where the run's keystore and its password file are (read where they are, not copied).
     */
    Path sharedProperties() throws IOException {
        Map<String, String> more = tls == null ? Map.of() : Map.of(
                "trainyard.https.port", Integer.toString(httpsPort),
                "trainyard.tls.keystore", tls.keystore().toAbsolutePath().toString(),
                "trainyard.tls.passwordFile", tls.passwordFile().toAbsolutePath().toString());
        return tuning.apply(configs.resolve("trainyard.properties"), runDir.resolve(server + "-" + variant + "-trainyard.properties"), more);
    }

    /**
     * PostgreSQL's password file for this run's servers, written from {@link #db()} where only its
     * owner reads it: each server's pool names no password, its driver reads it from here (named by
     * the system property org.postgresql.pgpassfile, not secret).
     */
    Path pgpass() {
        return db.writePgpass(runDir.resolve("db.pgpass")).toAbsolutePath();
    }

    Path base() {
        return runDir.resolve(server + "-" + variant);
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port + "/trainyard/";
    }

    /** The WAR's root over HTTPS, or null when the server serves plain HTTP only. */
    String httpsUrl() {
        return tls == null ? null : "https://127.0.0.1:" + httpsPort + "/trainyard/";
    }

    boolean https() {
        return tls != null;
    }

    /** The server's tls/ configuration laid over its base; nothing without HTTPS. */
    void layTlsOver(Path base) throws IOException {
        if (tls != null) {
            org.apache.commons.io.FileUtils.copyDirectory(configs.resolve(server).resolve("tls").toFile(), base.toFile());
        }
    }

    boolean virtual() {
        return variant.equals("virtual");
    }
}
