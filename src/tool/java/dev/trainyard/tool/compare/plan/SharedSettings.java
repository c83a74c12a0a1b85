package dev.trainyard.tool.compare.plan;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/** The settings every server shares (server-configs/trainyard.properties), as the plan reads them. */
public final class SharedSettings {

    private SharedSettings() {
    }

    /** A value of server-configs/trainyard.properties, or {@code otherwise} where it has none. */
    public static double value(String name, double otherwise) throws IOException {
        Properties shared = new Properties();
        try (InputStream in = Files.newInputStream(Path.of(System.getProperty("trainyard.configs", "server-configs"), "trainyard.properties"))) {
            shared.load(in);
        }
        String value = shared.getProperty(name);
        return value == null ? otherwise : Double.parseDouble(value.trim());
    }
}
