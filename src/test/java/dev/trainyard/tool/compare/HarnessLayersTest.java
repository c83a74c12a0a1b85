package dev.trainyard.tool.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The harness lives on floors, as the WAR does: a package of dev.trainyard.tool.compare may use
 * only the floors below it, so an option can be followed from the command line to the report
 * without walking back up; the tools beneath the harness (run, db, seed) never use it; and no
 * floor grows into a room nobody can find things in.
 */
class HarnessLayersTest {

    private static final Path HARNESS = Path.of("src/tool/java/dev/trainyard/tool/compare");
    private static final Path TOOLS = Path.of("src/tool/java/dev/trainyard/tool");
    /** Bottom first; "" is the entry point, on top. */
    static final List<String> FLOORS = List.of("gate", "plan", "load", "jvm", "probe", "deploy", "analysis", "experiments", "report", "measure", "");
    private static final int MOST_FILES = 15;
    private static final Pattern USES = Pattern.compile("^import (?:static )?dev\\.trainyard\\.tool\\.compare\\.(\\w+)\\.", Pattern.MULTILINE);
    private static final Pattern USES_HARNESS = Pattern.compile("^import (?:static )?dev\\.trainyard\\.tool\\.compare\\.", Pattern.MULTILINE);

    @Test
    void everyFloorUsesOnlyTheFloorsBelowIt() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Path file : sources(HARNESS)) {
            wrong.addAll(upward(floorOf(file), Files.readString(file)).stream().map(u -> file + " uses " + u).toList());
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void theToolsBeneathTheHarnessDoNotUseIt() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Path file : sources(TOOLS)) {
            if (!file.startsWith(HARNESS) && USES_HARNESS.matcher(Files.readString(file)).find()) {
                wrong.add(file.toString());
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void noFloorHoldsMoreThanFifteenFiles() throws IOException {
        Map<String, Integer> files = new TreeMap<>();
        for (Path file : sources(HARNESS)) {
            files.merge(floorOf(file), 1, Integer::sum);
        }
        files.forEach((floor, n) -> assertTrue(n <= MOST_FILES, "floor '" + floor + "' holds " + n + " files"));
        assertEquals(FLOORS.stream().sorted().toList(), List.copyOf(files.keySet()), "every floor the list names, and no other, has code");
    }

    @Test
    void anUpwardImportIsCaught() {
        assertEquals(List.of("report"), upward("analysis", "package x;\nimport dev.trainyard.tool.compare.plan.Options;\n"
                + "import dev.trainyard.tool.compare.report.Report;\nimport static dev.trainyard.tool.compare.analysis.Interval.of;\n"));
        assertEquals(List.of("measure"), upward("plan", "import static dev.trainyard.tool.compare.measure.Progress.estimateSeconds;\n"));
        assertEquals(List.of(), upward("", "import dev.trainyard.tool.compare.measure.Comparison;\n"));
        assertEquals(List.of("the entry point"), upward("report", "import static dev.trainyard.tool.compare.Compare.main;\n"));
    }

    /** The floors above {@code floor} that a source imports from. */
    static List<String> upward(String floor, String source) {
        int at = FLOORS.indexOf(floor);
        assertTrue(at >= 0, "a floor the list does not know: '" + floor + "'");
        List<String> above = new ArrayList<>();
        Matcher m = USES.matcher(source);
        while (m.find()) {
            // A class of the entry point's own package (import static ...compare.Compare.x) is on the top floor.
            String used = FLOORS.contains(m.group(1)) ? m.group(1) : "";
            if (FLOORS.indexOf(used) > at) {
                above.add(used.isEmpty() ? "the entry point" : used);
            }
        }
        return above;
    }

    private static String floorOf(Path file) {
        Path relative = HARNESS.relativize(file);
        return relative.getNameCount() == 1 ? "" : relative.getName(0).toString();
    }

    private static List<Path> sources(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
    }
}
