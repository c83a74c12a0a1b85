package dev.trainyard.tool.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Where this build put the servers, the JDKs, the WAR and the database's files: one file Maven
 * writes from the pom's properties (trainyard-layout.properties on the test class path), read by
 * the tools' mains and by every test JVM before anything starts, so the pom hands nothing over
 * one property at a time. A -D setting of the same name wins.
 */
public final class BuildLayout {

    static final String FILE = "trainyard-layout.properties";

    private BuildLayout() {
    }

    /** Sets each layout property this JVM has not been given. Outside a Maven build there is no file: the defaults hold. */
    public static void apply() {
        try (InputStream in = BuildLayout.class.getClassLoader().getResourceAsStream(FILE)) {
            if (in == null) {
                return;
            }
            Properties layout = new Properties();
            layout.load(in);
            for (String name : layout.stringPropertyNames()) {
                if (System.getProperty(name) == null) {
                    System.setProperty(name, layout.getProperty(name));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + FILE, e);
        }
    }
}
