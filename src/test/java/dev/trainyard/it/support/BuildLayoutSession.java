package dev.trainyard.it.support;

import dev.trainyard.tool.run.BuildLayout;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * First of the test JVM's session listeners: where the build put the servers, JDKs, ports and the
 * database's files ({@link BuildLayout}), as system properties for everything after it, arquillian-*.xml included.
 */
public class BuildLayoutSession implements LauncherSessionListener {

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        BuildLayout.apply();
    }
}
