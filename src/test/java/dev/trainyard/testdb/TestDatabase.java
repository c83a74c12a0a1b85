package dev.trainyard.testdb;

import dev.trainyard.tool.db.DbSettings;
import dev.trainyard.tool.db.EmbeddedDatabase;
import dev.trainyard.tool.seed.Seeder;
import dev.trainyard.tool.seed.StoreSize;
import java.nio.file.Path;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Makes sure a seeded PostgreSQL is there before any test (or any Arquillian container) starts,
 * and stops it after the last one. JUnit opens the launcher session before Arquillian starts its
 * servers, so the database address is published as system properties in time for arquillian-*.xml
 * to hand it to each server.
 *
 * <p>With trainyard.db.url (or TRAINYARD_DB_URL) set, that database is used and only seeded.
 * Otherwise an embedded PostgreSQL runs on trainyard.db.port (18432) with its data in
 * trainyard.db.dir (target/pgdata), shared by the unit tests and the three server runs of one build.
 * The suite's server settings follow it ({@code it.support.ServerSession}, the next listener).
 */
public class TestDatabase implements LauncherSessionListener {

    /** The embedded server of this JVM, if one was started; outage tests stop and restart it. */
    private static volatile EmbeddedDatabase embedded;
    /** The database of this run, password included (it is never a system property). */
    private static volatile DbSettings settings;
    private static int port;
    private static Path dir;

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        try {
            DbSettings db = DbSettings.configured().orElse(null);
            if (againstADeployment()) {
                // Its own database, if given: the suite reads it, and neither seeds nor stops it.
                settings = db;
                return;
            }
            if (db == null) {
                port = Integer.getInteger("trainyard.db.port", 18432);
                dir = Path.of(System.getProperty("trainyard.db.dir", "target/pgdata"));
                embedded = EmbeddedDatabase.start(port, dir);
                db = embedded.settings();
            }
            settings = db;
            db.publish();
            // The servers' pools name no password: the driver reads it from PostgreSQL's password
            // file, in this JVM (embedded Jetty) and in each server's (named by this property).
            Path pgpass = db.writePgpass(Path.of(System.getProperty("trainyard.db.pgpass", "target/db.pgpass")));
            System.setProperty(DbSettings.PGPASSFILE_PROPERTY, pgpass.toAbsolutePath().toString());
            new Seeder(db, System.out).seed(StoreSize.DEFAULT);
        } catch (Exception e) {
            throw new IllegalStateException("could not provide the test database: " + e, e);
        }
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        if (embedded != null) {
            try {
                embedded.close();
            } catch (Exception e) {
                System.err.println("stopping the embedded database failed: " + e);
            }
        }
    }

    /** The suite runs against a deployment it did not start (it.remote.RemoteDeployment). */
    private static boolean againstADeployment() {
        return Boolean.getBoolean("it.remote");
    }

    /** True when the tests have a database to read: always, but against a deployment whose database was not given. */
    public static boolean isGiven() {
        return settings != null;
    }

    /** True when this JVM runs the database itself, so a test may take it down. */
    public static boolean isEmbedded() {
        return embedded != null;
    }

    /** Stops the embedded database, as an outage would. */
    public static synchronized void stopEmbedded() throws Exception {
        embedded.close();
    }

    /** Starts the embedded database again on the same port and data. */
    public static synchronized void restartEmbedded() throws Exception {
        // The same password: the servers' pools hold it (GlassFish in its password alias).
        embedded = EmbeddedDatabase.start(port, dir, settings.password());
    }

    /** Freezes every process of the embedded database (SIGSTOP): connections stay open, nothing answers. */
    public static synchronized void pauseEmbedded() throws Exception {
        embedded.signal("STOP");
    }

    /** Lets a paused database go on (SIGCONT). */
    public static synchronized void resumeEmbedded() throws Exception {
        embedded.signal("CONT");
    }

    /** Kills every process of the embedded database (SIGKILL), as a crash would; restart it with {@link #restartEmbedded()}. */
    public static synchronized void killEmbedded() throws Exception {
        embedded.signal("KILL");
        try {
            // Releases the data directory's lock; stopping a server that is gone fails, and that is fine.
            embedded.close();
        } catch (Exception alreadyGone) {
            // Nothing was running to stop.
        }
    }

    /** The database the tests talk to directly (to check what the servers wrote). */
    public static DbSettings settings() {
        DbSettings db = settings;
        if (db == null) {
            throw new IllegalStateException("no test database: none was given, or TestDatabase did not run (is it registered as a LauncherSessionListener?)");
        }
        return db;
    }
}
