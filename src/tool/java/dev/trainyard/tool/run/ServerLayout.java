package dev.trainyard.tool.run;

import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.nio.file.Path;

/** Everything a server process needs to be laid out and started; read from the runner's properties. */
record ServerLayout(String server, String variant, int port, Path configs, Path runDir, Path war, Jdk jdk, DbSettings db, Tuning tuning) {

    /** server-configs/trainyard.properties, the values every server shares, with the run's {@link Tuning} in place. */
    Path sharedProperties() throws IOException {
        return tuning.apply(configs.resolve("trainyard.properties"), runDir.resolve(server + "-" + variant + "-trainyard.properties"));
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

    boolean virtual() {
        return variant.equals("virtual");
    }
}
