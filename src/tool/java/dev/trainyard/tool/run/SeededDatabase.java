package dev.trainyard.tool.run;

import dev.trainyard.tool.db.DbSettings;
import dev.trainyard.tool.db.EmbeddedDatabase;
import dev.trainyard.tool.seed.Seeder;
import dev.trainyard.tool.seed.StoreSize;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The seeded PostgreSQL the tools stand on: the one trainyard.db.url names, or an embedded one
 * (trainyard.db.port, trainyard.db.dir), seeded to trainyard.store.size.
 */
public final class SeededDatabase implements AutoCloseable {

    private final EmbeddedDatabase embedded;
    private final DbSettings settings;

    private SeededDatabase(EmbeddedDatabase embedded, DbSettings settings) {
        this.embedded = embedded;
        this.settings = settings;
    }

    public static SeededDatabase start() throws Exception {
        return start(true);
    }

    /** @param autovacuum false: an embedded database without it, for a run that vacuums between its measurements */
    public static SeededDatabase start(boolean autovacuum) throws Exception {
        StoreSize size = StoreSize.parse(System.getProperty("trainyard.store.size", "default"));
        EmbeddedDatabase embedded = null;
        DbSettings db = DbSettings.configured().orElse(null);
        if (db == null) {
            int dbPort = Integer.getInteger("trainyard.db.port", 18432);
            Path dbDir = Path.of(System.getProperty("trainyard.db.dir", "target/pgdata"));
            System.out.printf("starting embedded PostgreSQL on 127.0.0.1:%d (data in %s)%n", dbPort, dbDir);
            embedded = EmbeddedDatabase.start(dbPort, dbDir, autovacuum);
            db = embedded.settings();
        }
        SeededDatabase database = new SeededDatabase(embedded, db);
        try {
            new Seeder(db, System.out).seed(size);
        } catch (Exception e) {
            database.close();
            throw e;
        }
        return database;
    }

    public DbSettings settings() {
        return settings;
    }

    public boolean embedded() {
        return embedded != null;
    }

    /** The embedded server's processes now; none for a database the tools did not start. */
    public List<ProcessHandle> processes() throws IOException {
        return embedded == null ? List.of() : embedded.processes();
    }

    @Override
    public void close() {
        if (embedded != null) {
            try {
                embedded.close();
            } catch (IOException e) {
                System.err.println("stopping the database failed: " + e);
            }
        }
    }
}
