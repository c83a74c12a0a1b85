package dev.trainyard.it.support;

import dev.trainyard.it.remote.RemoteDeployment;
import dev.trainyard.testdb.TestDatabase;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Publishes the settings the servers under test start with, once the test database is there
 * (registered after {@link TestDatabase}) and before Arquillian starts a server: the shared
 * properties as system properties for arquillian-*.xml, Tomcat's base for the variant under test,
 * GlassFish's asadmin setup, and the embedded Jetty's log capture. Against a deployment the suite
 * did not start, nothing: its owners set it up; nor in the runner's tests, which name no server.
 */
public class ServerSession implements LauncherSessionListener {

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        String server = System.getProperty("trainyard.server", "");
        // Against a deployment the suite did not start, nothing; nor where no suite starts a server
        // (the runner's tests start each server from its own files, with the shared values as they are).
        if (RemoteDeployment.active() || server.isEmpty()) {
            return;
        }
        try {
            ServerSettings.publish();
            if (server.equals("tomcat")) {
                TomcatBase.layOut();
            }
            if (server.equals("jetty")) {
                ServerLog.captureThisJvm();
            }
            GlassFishSetup.writeIfRequested(TestDatabase.settings(), ServerSettings.load());
        } catch (Exception e) {
            throw new IllegalStateException("could not prepare the servers' settings: " + e, e);
        }
    }
}
