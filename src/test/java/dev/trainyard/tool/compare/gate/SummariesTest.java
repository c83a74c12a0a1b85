package dev.trainyard.tool.compare.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Summaries read back: every version written so far (version 1 from a real smoke run), a later one and a broken one refused. */
class SummariesTest {

    @TempDir
    Path dir;

    @Test
    void aSummaryOfVersionOneIsReadFromItsFileOrItsRunsFolder() throws IOException {
        Path run = Files.createDirectories(dir.resolve("20261206-194503"));
        Files.copy(Path.of("src/test/resources/summaries/version-1.json"), run.resolve("summary.json"));
        JsonObject summary = Summaries.read(run);
        assertEquals(1, summary.getInt("schema"));
        assertEquals("20261206-194503", Summaries.id(summary));
        assertEquals(9, summary.getJsonArray("cells").size());
    }

    @Test
    void aLaterVersionABrokenFileAndARunWithoutASummaryAreRefusedAsBadInput() throws IOException {
        Path later = Files.writeString(dir.resolve("later.json"), "{\"schema\": " + (Summaries.VERSION + 1) + ", \"run\": {}}",
                StandardCharsets.UTF_8);
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"schema\": 2, \"cells\": [", StandardCharsets.UTF_8);
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Summaries.read(later)).getMessage()
                .endsWith("this harness reads versions 1 to " + Summaries.VERSION));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Summaries.read(broken)).getMessage().contains("is not a run's summary"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Summaries.read(empty)).getMessage().startsWith("no summary.json in"));
    }
}
