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
 * The WAR's packages depend on each other one way (the README's architecture section): a
 * package may use only those listed for it, so no two packages need each other.
 */
class PackageLayersTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/trainyard");
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "data", Set.of(),
            "metrics", Set.of(),
            "web", Set.of("data", "metrics"),
            "scenario", Set.of("data", "metrics", "web"),
            "blocking", Set.of("data", "metrics", "web", "scenario"),
            "async", Set.of("data", "metrics", "web", "scenario"),
            "train", Set.of("data", "metrics", "web", "scenario"),
            "status", Set.of("metrics", "web"));
    private static final Pattern OURS = Pattern.compile("^import (?:static )?dev\\.trainyard\\.(\\w+)\\.", Pattern.MULTILINE);

    @Test
    void everyPackageUsesOnlyTheLayersBelowIt() throws IOException {
        List<String> wrong = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String layer = SOURCES.relativize(file).getName(0).toString();
                assertTrue(ALLOWED.containsKey(layer), "a package the layers do not know: " + layer + " (" + file + ")");
                Matcher m = OURS.matcher(Files.readString(file));
                while (m.find()) {
                    String used = m.group(1);
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
        Matcher m = OURS.matcher("package x;\nimport dev.trainyard.web.Params;\nimport static dev.trainyard.data.Database.of;\n");
        assertTrue(m.find() && m.group(1).equals("web"));
        assertTrue(m.find() && m.group(1).equals("data"));
    }
}
