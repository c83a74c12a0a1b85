package dev.trainyard.configs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.config.Setting;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/settings.md is what {@link Setting} and server-configs/ generate: every key the WAR reads,
 * its default, its values, what it does and the files under server-configs/ that set it.
 * {@code -Dsettings.record=true} writes it again after a change to either.
 */
class SettingsReferenceTest {

    private static final Path REFERENCE = Path.of("docs/settings.md");
    private static final Path CONFIGS = Path.of("server-configs");

    @Test
    void theDocsReferenceIsWhatTheSettingsGenerate() throws IOException {
        String generated = markdown();
        if (Boolean.getBoolean("settings.record")) {
            Files.writeString(REFERENCE, generated, StandardCharsets.UTF_8);
        }
        assertEquals(generated, Files.readString(REFERENCE, StandardCharsets.UTF_8),
                "docs/settings.md is not what the settings generate: ./mvnw test -Dtest=SettingsReferenceTest -Dsettings.record=true");
    }

    @Test
    void everyKeyIsWrittenOnce() {
        assertEquals(Setting.values().length, Stream.of(Setting.values()).map(Setting::key).distinct().count());
        for (Setting s : Setting.values()) {
            assertTrue(s.key().startsWith("trainyard."), s.key());
            assertEquals(s.key().toUpperCase(java.util.Locale.ROOT).replace('.', '_'), s.environmentVariable());
        }
    }

    @Test
    void aKeyTheConfigsNameIsOneThatIsRead() throws IOException {
        // Every trainyard.* key a file under server-configs/ names is read: by the WAR (a Setting), by
        // every server (trainyard.properties), or by a server's own file, which gives it a fallback
        // there (Tomcat's ${key:-default}). A misspelt key would set nothing, silently.
        Properties shared = new Properties();
        try (InputStream in = Files.newInputStream(CONFIGS.resolve("trainyard.properties"))) {
            shared.load(in);
        }
        Set<String> read = new HashSet<>(shared.stringPropertyNames());
        Stream.of(Setting.values()).map(Setting::key).forEach(read::add);
        Pattern fallback = Pattern.compile("\\$\\{(trainyard\\.[A-Za-z0-9.]+):-");
        Pattern named = Pattern.compile("trainyard\\.[a-z0-9]+(\\.[a-zA-Z0-9]+)+");
        for (Path file : configFiles()) {
            Matcher m = fallback.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (m.find()) {
                read.add(m.group(1));
            }
        }
        for (Path file : configFiles()) {
            Matcher m = named.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (m.find()) {
                String key = m.group();
                // A key's prefix (trainyard.train in prose) or a file name (trainyard.properties) is no key.
                boolean prefixOrFile = read.stream().anyMatch(k -> k.startsWith(key + ".")) || key.matches(".*\\.(properties|p12|password|ini|xml|asadmin)");
                assertTrue(read.contains(key) || prefixOrFile, CONFIGS.relativize(file) + " names " + key + ", which nothing reads");
            }
        }
    }

    static String markdown() throws IOException {
        List<Path> files = configFiles();
        StringBuilder md = new StringBuilder("""
                # Settings

                Every setting the WAR reads. Each is a JVM system property, or where that is unset its
                environment variable, so that a server sets it in its own native files (Tomcat's
                `bin/setenv.sh`, Jetty's `start.d`, GlassFish's `jvm-options` or system properties); a value
                out of its range stops the deployment with a message naming it. `/metrics` shows every
                numeric setting in effect as `trainyard_setting{name="…"}`, so that a client reads the bounds
                of a deployment it did not start. The values a fair comparison must hold equal on every server
                are in [`server-configs/trainyard.properties`](../server-configs/trainyard.properties), which
                each server is handed whole (the settings below that it holds have the same default here,
                which `ServerConfigsTest` keeps so).

                This page is generated from the WAR's table of settings (`dev.trainyard.config.Setting`) and
                the files under `server-configs/`: `./mvnw test -Dtest=SettingsReferenceTest -Dsettings.record=true`
                writes it again.

                | setting | environment variable | default | values | what it does | set in `server-configs/` |
                |---|---|---|---|---|---|
                """);
        for (Setting s : Setting.values()) {
            md.append("| `").append(s.key()).append("` | `").append(s.environmentVariable()).append("` | ")
                    .append(s.defaultText().isEmpty() ? "" : "`" + s.defaultText() + "`").append(" | ").append(s.range())
                    .append(" | ").append(s.meaning().replace("|", "\\|")).append(" | ").append(setIn(s.key(), files)).append(" |\n");
        }
        return md.toString();
    }

    /** The files under server-configs/ that name the key, as links. */
    private static String setIn(String key, List<Path> files) throws IOException {
        Pattern named = Pattern.compile(Pattern.quote(key) + "(?![A-Za-z0-9.])");
        StringBuilder links = new StringBuilder();
        for (Path file : files) {
            if (named.matcher(Files.readString(file, StandardCharsets.UTF_8)).find()) {
                String path = CONFIGS.relativize(file).toString().replace('\\', '/');
                links.append(links.isEmpty() ? "" : ", ").append("[`").append(path).append("`](../server-configs/").append(path).append(')');
            }
        }
        return links.toString();
    }

    /** The text files under server-configs/, in a stable order (README.md is not a setting's file). */
    private static List<Path> configFiles() throws IOException {
        try (Stream<Path> walk = Files.walk(CONFIGS)) {
            return walk.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals("README.md"))
                    .filter(SettingsReferenceTest::isText).sorted().collect(Collectors.toList());
        }
    }

    private static boolean isText(Path file) {
        try {
            return !new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains("\0");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
