package dev.trainyard.tool.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What users and their scripts read of a run — cells.csv, verdicts.csv, threads.csv, summary.txt,
 * report.html and the console's end — for a fixed made-up run ({@link GoldenRun}), byte for byte
 * as recorded in src/test/resources/compare/golden. A change that means to alter an output
 * records it again with {@code -Dgolden.record=true} and shows the difference in its commit; a
 * refactoring must leave the files as they are.
 */
public class GoldenReportTest {

    private static final Path RECORDED = Path.of("src/test/resources/compare/golden");
    private static final List<String> OUTPUTS = List.of("cells.csv", "verdicts.csv", "threads.csv", "summary.txt", "report.html");

    @Test
    void theOutputsOfAFixedRunAreTheRecordedOnes(@TempDir Path dir) throws Exception {
        Report report = new GoldenRun().report();
        report.write(dir);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        report.print(new PrintStream(console, true, StandardCharsets.UTF_8), dir);
        for (String output : OUTPUTS) {
            if (Boolean.getBoolean("golden.record")) {
                Files.createDirectories(RECORDED);
                Files.copy(dir.resolve(output), RECORDED.resolve(output), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            assertEquals(Files.readString(RECORDED.resolve(output), StandardCharsets.UTF_8),
                    Files.readString(dir.resolve(output), StandardCharsets.UTF_8), output + " differs from the recorded one");
        }
        assertEquals(Files.readString(RECORDED.resolve("summary.txt"), StandardCharsets.UTF_8) + "report: <run>/report.html\ncells:  <run>/cells.csv\n",
                console.toString(StandardCharsets.UTF_8).replace(dir.toAbsolutePath().toString(), "<run>"), "the console's end");
    }
}
