package dev.trainyard.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a test needs beyond the deployment's URL. On the servers the suite starts itself it has
 * all of it; against a deployment it did not start (it.url), a test whose needs are not met is
 * skipped with a message naming what is missing, never passed.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@ExtendWith(NeedsCondition.class)
public @interface Needs {

    Need[] value();

    enum Need {
        /** Changes data (views, rows) or overloads the server. */
        DESTRUCTIVE("it changes data or overloads the server: -Dit.destructive=true"),
        /** Reads the deployment's database directly, to check what the server wrote. */
        DATABASE("it reads the deployment's database: -Dtrainyard.db.url, -Dtrainyard.db.user and TRAINYARD_DB_PASSWORD"),
        /** Reads the server's own log. */
        SERVER_LOG("it reads the server's log: -Dit.log=FILE (the server's log file, or a container's output followed into one)"),
        /** Deploys and undeploys a WAR of its own and reads the server's threads (jcmd) on this machine. */
        SERVER_PROCESS("it deploys and undeploys a WAR of its own and reads the server's threads with jcmd: only on the servers the suite starts"),
        /** Sized to the suite's settings (it-settings.properties): small pools, short timeouts. */
        SUITE_SETTINGS("it is sized to the suite's settings (it-settings.properties), which the deployment does not run: start it with them (docs/testing.md)");

        final String why;

        Need(String why) {
            this.why = why;
        }
    }
}
