package dev.trainyard.it.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The settings the suite runs every server with (server-configs/trainyard.properties, then the
 * suite's it-settings.properties), handed over the way
 * each server takes them: system properties of this JVM (embedded Jetty), a JVM argument string
 * for arquillian-tomcat.xml (${it.settings.jvm}), domain system properties for GlassFish.
 */
public final class ServerSettings {

    static final String JVM_ARGUMENTS = "it.settings.jvm";

    private ServerSettings() {
    }

    /** server-configs/trainyard.properties (the values every server shares), then the suite's own. */
    public static Map<String, String> load() {
        Properties properties = new Properties();
        Path shared = Path.of(System.getProperty("trainyard.configs", "server-configs"), "trainyard.properties");
        try (InputStream in = Files.newInputStream(shared)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + shared.toAbsolutePath(), e);
        }
        try (InputStream in = ServerSettings.class.getResourceAsStream("/it-settings.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> settings = new TreeMap<>();
        properties.forEach((k, v) -> settings.put(k.toString(), v.toString()));
        return settings;
    }

    static void publish() {
        Map<String, String> settings = load();
        settings.forEach(System::setProperty);
        System.setProperty(JVM_ARGUMENTS, settings.entrySet().stream()
                .map(e -> "-D" + e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
    }
}
