package dev.trainyard.tool.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/** A JDK the runner may start a server on, and its feature version (from its release file). */
record Jdk(Path home, int feature) {

    static Jdk at(String home) {
        Path path = Path.of(home);
        if (!Files.isExecutable(path.resolve("bin/java"))) {
            throw new IllegalArgumentException("no java in " + path);
        }
        Properties release = new Properties();
        try (var in = Files.newInputStream(path.resolve("release"))) {
            release.load(in);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the JDK version in " + path.resolve("release"), e);
        }
        String version = release.getProperty("JAVA_VERSION", "\"0\"").replace("\"", "");
        int feature = Integer.parseInt(version.split("[.+-]")[0]);
        return new Jdk(path, feature);
    }

    /** Refuses a JDK below {@code minimum} with a message that says what to do. */
    Jdk requireAtLeast(int minimum, String why) {
        if (feature < minimum) {
            throw new IllegalArgumentException(why + " needs JDK " + minimum + "+, but " + home + " is JDK " + feature
                    + ": name one with TRAINYARD_JDK21_HOME (or -Dtrainyard.java.home)");
        }
        return this;
    }

    Jdk requireAtMost(int maximum, String why) {
        if (feature > maximum) {
            throw new IllegalArgumentException(why + " runs on JDK " + maximum + " or older here, but " + home + " is JDK "
                    + feature + ": run Maven on JDK 17 (JAVA_HOME) or set TRAINYARD_JDK17_HOME");
        }
        return this;
    }
}
