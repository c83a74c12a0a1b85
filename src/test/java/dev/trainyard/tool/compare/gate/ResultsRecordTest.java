package dev.trainyard.tool.compare.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A results record from a summary: version-2.json is a real default run's summary cut to a few
 * verdicts and cells (a client-bound one among them), its options set so that the command shows.
 */
class ResultsRecordTest {

    @TempDir
    Path dir;

    @Test
    void aRecordIsHeadedByWhatMakesItTraceableThenHoldsEveryVerdictAndCell() throws IOException {
        JsonObject summary = Summaries.read(Path.of("src/test/resources/summaries/version-2.json"));
        Path file = ResultsRecord.write(summary, dir.resolve("results"));
        assertEquals("20261207-051007-default.md", file.getFileName().toString());
        String md = Files.readString(file, StandardCharsets.UTF_8);
        List<String> lines = md.lines().toList();
        assertEquals("# Run 20261207-051007", lines.get(0));
        assertTrue(md.contains("| command | `./mvnw -Pcompare -Dplans=entry -Dservers=tomcat` |"), md);
        assertTrue(md.contains("| commit | `66484902ed19a7014b68435f5635b8a4c9f2107f-dirty` |"), md);
        assertTrue(md.contains("| machine | 2 cores, AMD EPYC, 24,105 MiB, Linux"), md);
        assertTrue(md.contains("| server variants | tomcat/platform (tomcat 10.1.59, JDK 25.0.3);"), md);
        assertEquals(summary.getJsonArray("verdicts").size(), rowsOf(lines, "## Verdicts"));
        assertEquals(summary.getJsonArray("cells").size(), rowsOf(lines, "## Cells"));
        assertEquals(1, lines.stream().filter(l -> l.contains("(bound)")).count(), "the client-bound cell says so");
        assertEquals(0, lines.stream().filter(l -> l.matches(".* \\| (jmeter|wrk|h2load) [0-9.]+% .*")).count(),
                "a summary from before cells named their client names none");
        assertTrue(md.contains("| tomcat/platform | entry | 400 | train, strong | x"), md);
    }

    @Test
    void aSummaryWithoutTheRunHeaderIsRefused() {
        JsonObject first = Summaries.read(Path.of("src/test/resources/summaries/version-1.json"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ResultsRecord.markdown(first)).getMessage()
                .contains("has no typed run header"));
    }

    /** The table rows under a heading: lines starting with "| " past its header and separator. */
    private static long rowsOf(List<String> lines, String heading) {
        int at = lines.indexOf(heading);
        return lines.subList(at + 1, lines.size()).stream().dropWhile(l -> !l.startsWith("|---")).skip(1).takeWhile(l -> l.startsWith("| "))
                .count();
    }

    @Test
    void eachCellNamesItsClientAndWrksSecondOpinionWhereItRan(@TempDir Path dir) throws Exception {
        JsonObject summary = Summaries.read(Path.of("src/test/resources/summaries/version-2.json"));
        JsonArrayBuilder cells = Json.createArrayBuilder();
        for (JsonObject c : summary.getJsonArray("cells").getValuesAs(JsonObject.class)) {
            cells.add(Json.createObjectBuilder(c).add("client", "jmeter").add("wrk_throughput", 1000.0).add("jmeter_over_wrk", 0.98));
        }
        JsonObject crosschecked = Json.createObjectBuilder(summary).add("cells", cells).build();
        List<String> lines = Files.readAllLines(ResultsRecord.write(crosschecked, dir));
        assertEquals(summary.getJsonArray("cells").size(),
                lines.stream().filter(l -> l.matches(".* \\| jmeter [0-9.]+%( \\(bound\\))?; wrk 1,000 req/s, JMeter/wrk 0.98 \\| .*")).count(), String.join("\n", lines));
    }
}
