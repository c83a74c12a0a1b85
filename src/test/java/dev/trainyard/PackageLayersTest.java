package dev.trainyard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The WAR's packages depend on each other one way: a package may use only those listed for it,
 * so no two packages need each other.
 */
class PackageLayersTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/trainyard");
    /** Each package by its folder under dev/trainyard (a driver's own folder, async/r2dbc, is a package of its own). */
    private static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry("data", Set.of()),
            Map.entry("data/store", Set.of("data")),
            Map.entry("data/r2dbc", Set.of("data", "data/store")),
            Map.entry("metrics", Set.of()),
            Map.entry("config", Set.of("metrics")),
            Map.entry("http", Set.of("data", "data/store")),
            Map.entry("answer", Set.of("config", "http", "metrics")),
            Map.entry("web", Set.of("answer", "config", "http", "metrics")),
            Map.entry("app", Set.of("answer", "config", "data", "data/r2dbc", "metrics")),
            Map.entry("scenario", Set.of("config", "data", "data/store", "http", "metrics")),
            Map.entry("blocking", Set.of("config", "data", "data/store", "http", "metrics", "scenario", "web")),
            Map.entry("blocking/r2dbc", Set.of("app", "config", "data", "data/r2dbc", "data/store", "http", "scenario", "web")),
            Map.entry("async", Set.of("answer", "config", "data", "data/store", "http", "metrics", "scenario", "web")),
            Map.entry("async/r2dbc", Set.of("answer", "app", "async", "data", "data/r2dbc", "data/store", "http", "scenario")),
            Map.entry("train", Set.of("answer", "config", "data", "data/store", "http", "metrics", "scenario", "web")),
            Map.entry("status", Set.of("config", "http", "metrics", "web")));
    /** The package an import names, up to its class (the first capitalised part). */
    private static final Pattern OURS = Pattern.compile("^import (?:static )?dev\\.trainyard\\.((?:[a-z]\\w*\\.)*?[a-z]\\w*)\\.[A-Z]",
            Pattern.MULTILINE);

    @Test
    void everyPackageUsesOnlyTheLayersBelowIt() throws IOException {
        List<String> wrong = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String layer = SOURCES.relativize(file.getParent()).toString().replace('\\', '/');
                assertTrue(ALLOWED.containsKey(layer), "a package the layers do not know: " + layer + " (" + file + ")");
                Matcher m = OURS.matcher(Files.readString(file));
                while (m.find()) {
                    String used = m.group(1).replace('.', '/');
                    if (!used.equals(layer) && !ALLOWED.get(layer).contains(used)) {
                        wrong.add(file + " uses " + used);
                    }
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void theCheckSeesImports() {
        Matcher m = OURS.matcher("package x;\nimport dev.trainyard.http.Params;\nimport static dev.trainyard.data.Database.of;\n"
                + "import dev.trainyard.data.r2dbc.R2dbcStore;\nimport dev.trainyard.async.AsyncEndpoint.Render;\n");
        assertTrue(m.find() && m.group(1).equals("http"));
        assertTrue(m.find() && m.group(1).equals("data"));
        assertTrue(m.find() && m.group(1).equals("data.r2dbc"), "a driver's package is a layer of its own");
        assertTrue(m.find() && m.group(1).equals("async"), "a nested class is its outer class's package");
    }
}
