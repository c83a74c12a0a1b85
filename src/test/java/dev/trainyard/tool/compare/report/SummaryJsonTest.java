package dev.trainyard.tool.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.trainyard.tool.compare.analysis.Verdicts;
import dev.trainyard.tool.compare.gate.Against;
import dev.trainyard.tool.compare.gate.RunHeader;
import dev.trainyard.tool.compare.gate.Summaries;
import dev.trainyard.tool.compare.gate.Threshold;
import dev.trainyard.tool.compare.plan.Mode;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * summary.json against docs/summary.schema.json, through a JSON Schema validator (networknt's,
 * draft 2020-12), for the made-up run that holds every kind of result ({@link GoldenRun}); and
 * the schema turning away what breaks it, so that a pass means something.
 */
class SummaryJsonTest {

    private static final Path SCHEMA_FILE = Path.of("docs/summary.schema.json");
    private static final Schema SCHEMA = schema();
    private static final Instant WRITTEN = Instant.parse("2026-12-06T12:00:00Z");

    private final GoldenRun run = new GoldenRun();
    private final JsonObject summary = run.report().json(WRITTEN);

    @Test
    void aRunsSummaryHoldsToTheSchema() {
        assertEquals(List.of(), errors(SummaryJson.text(summary)));
        assertEquals(run.results.size(), summary.getJsonArray("cells").size(), "every cell");
        assertEquals(run.report().json(WRITTEN).getJsonArray("verdicts").size(), summary.getJsonArray("verdicts").size());
        assertTrue(summary.getJsonArray("verdicts").size() > 10, "the made-up run has verdicts");
        assertEquals("golden", summary.getJsonObject("run").getString("id"));
        assertEquals(run.facts, summary.getJsonObject("run").getJsonArray("facts").getValuesAs(JsonString::getString));
        assertEquals(run.footprints.size(), summary.getJsonArray("footprints").size(), "every variant's footprint");
        assertTrue(summary.getJsonArray("footprints").getValuesAs(JsonObject.class).stream().anyMatch(f -> !f.isNull("container"))
                && summary.getJsonArray("footprints").getValuesAs(JsonObject.class).stream().anyMatch(f -> f.isNull("container")),
                "the made-up run has a process and a container");
    }

    @Test
    void aRunAgainstABaselineWithThresholdsHoldsToTheSchemaAndNamesEachThreshold() {
        Report judged = run.report(summary, Threshold.parse("no-flip,no-regression,p95<250ms@entry/train/400,errors<0.1%"));
        JsonObject written = judged.json(WRITTEN);
        assertEquals(List.of(), errors(SummaryJson.text(written)));
        assertEquals("golden", written.getJsonObject("baseline").getString("run"));
        assertEquals(summary.getJsonArray("verdicts").size(), written.getJsonObject("baseline").getJsonArray("verdicts").size());
        assertEquals(List.of("no-flip", "no-regression", "p95<250ms@entry/train/400", "errors<0.1%"),
                written.getJsonArray("thresholds").getValuesAs(JsonObject.class).stream().map(t -> t.getString("name")).toList());
        assertTrue(written.getJsonArray("thresholds").getJsonObject(0).getBoolean("holds"), "the same run: nothing flipped");
        assertTrue(judged.html().contains("<ul id=\"thresholds\">") && judged.html().contains("<table id=\"baseline-cells\">"));
        assertTrue(judged.summary().contains("Against the baseline golden:"), judged.summary());
    }

    @Test
    void theRunsHeaderIsTyped() {
        JsonObject header = summary.getJsonObject("run");
        assertEquals(GoldenRun.HEADER.commit(), header.getString("commit"));
        assertEquals(2, header.getJsonObject("machine").getInt("cores"));
        assertEquals("10.1.59", header.getJsonArray("variants").getJsonObject(0).getString("version"));
        assertEquals("tomcat,glassfish", header.getJsonObject("options").getString("servers"));
    }

    @Test
    void aRunStoppedEarlySaysSoInItsSummaryAndFirstInItsReport() {
        RunHeader h = GoldenRun.HEADER;
        RunHeader stopped = new RunHeader(h.id(), "stopped by a signal after 12 cell runs", h.commit(), h.mode(), h.machine(), h.clientCpus(),
                h.serverCpus(), h.variants(), h.options(), 95.0);
        Report partial = run.report(stopped, null, List.of());
        JsonObject written = partial.json(WRITTEN);
        assertEquals(List.of(), errors(SummaryJson.text(written)));
        assertEquals("stopped by a signal after 12 cell runs", written.getJsonObject("run").getString("stopped"));
        assertTrue(summary.getJsonObject("run").isNull("stopped"), "a run that ran its course");
        String html = partial.html();
        assertTrue(html.indexOf("<p id=\"partial\"") < html.indexOf("<table id=\"verdicts\">") && html.contains("<p id=\"partial\""), "first");
    }

    @Test
    void summaryJsonWrittenWithTheReportIsTheSame(@TempDir Path dir) throws IOException {
        run.report().write(dir);
        JsonObject written = Json.createReader(new StringReader(Files.readString(dir.resolve("summary.json"), StandardCharsets.UTF_8)))
                .readObject();
        assertEquals(List.of(), errors(written.toString()));
        assertEquals(summary.getJsonArray("cells"), written.getJsonArray("cells"));
        assertEquals(summary.getJsonArray("verdicts"), written.getJsonArray("verdicts"));
    }

    @Test
    void itsCellsAreCellsCsvsColumnsTypedAndNoneIsMeasuredAsText() {
        JsonObject cell = summary.getJsonArray("cells").getJsonObject(0);
        assertEquals(Arrays.asList(Columns.CELLS.header().split(",")), List.copyOf(cell.keySet()));
        assertEquals(JsonValue.ValueType.NUMBER, cell.get("throughput").getValueType());
        assertEquals(JsonValue.ValueType.NUMBER, cell.get("users").getValueType());
        assertTrue(cell.get("client_bound").getValueType() == JsonValue.ValueType.TRUE
                || cell.get("client_bound").getValueType() == JsonValue.ValueType.FALSE);
        JsonObject verdict = summary.getJsonArray("verdicts").getJsonObject(0);
        assertEquals(Arrays.asList(Columns.VERDICTS.header().split(",")), List.copyOf(verdict.keySet()));
    }

    @Test
    void theSchemaTurnsAwayASummaryThatBreaksIt() {
        JsonObject cell = summary.getJsonArray("cells").getJsonObject(0);
        JsonObject textFigure = with(summary, "cells", Json.createObjectBuilder(cell).add("throughput", "fast").build());
        JsonObject columnMissing = with(summary, "cells", Json.createObjectBuilder(cell).remove("p95_ms").build());
        JsonObject columnUnknown = with(summary, "cells", Json.createObjectBuilder(cell).add("p97_ms", 3).build());
        JsonObject verdict = summary.getJsonArray("verdicts").getJsonObject(0);
        JsonObject strengthUnknown = with(summary, "verdicts", Json.createObjectBuilder(verdict).add("strength", "TIE").build());
        JsonObject laterVersion = Json.createObjectBuilder(summary).add("schema", Summaries.VERSION + 1).build();

        assertNames(errors(textFigure.toString()), "throughput");
        assertNames(errors(columnMissing.toString()), "p95_ms");
        assertNames(errors(columnUnknown.toString()), "p97_ms");
        assertNames(errors(strengthUnknown.toString()), "strength");
        assertNames(errors(laterVersion.toString()), "schema");
    }

    @Test
    void theSchemaIsTheVersionWrittenAndKnowsEveryStrength() throws IOException {
        JsonObject schema = Json.createReader(new StringReader(Files.readString(SCHEMA_FILE))).readObject();
        JsonObject properties = schema.getJsonObject("properties");
        assertEquals(Summaries.VERSION, properties.getJsonObject("schema").getInt("const"));
        List<String> strengths = properties.getJsonObject("verdicts").getJsonObject("items").getJsonObject("properties")
                .getJsonObject("strength").getJsonArray("enum").getValuesAs(JsonString::getString);
        assertEquals(Arrays.stream(Verdicts.Strength.values()).map(Enum::name).toList(), strengths);
        JsonObject baseline = properties.getJsonObject("baseline").getJsonObject("properties");
        assertEquals(names(Against.VerdictChange.values()), enumOf(baseline.getJsonObject("verdicts")));
        assertEquals(names(Against.VerdictChange.values()), enumOf(baseline.getJsonObject("rankings")));
        assertEquals(names(Against.CellChange.values()), enumOf(baseline.getJsonObject("cells")));
        assertEquals(names(Threshold.Kind.values()), properties.getJsonObject("thresholds").getJsonObject("items").getJsonObject("properties")
                .getJsonObject("kind").getJsonArray("enum").getValuesAs(JsonString::getString));
        assertEquals(Arrays.stream(Mode.values()).map(Mode::key).toList(), properties.getJsonObject("run").getJsonObject("properties")
                .getJsonObject("mode").getJsonArray("enum").getValuesAs(JsonString::getString));
    }

    private static List<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toList();
    }

    private static List<String> enumOf(JsonObject array) {
        return array.getJsonObject("items").getJsonObject("properties").getJsonObject("change").getJsonArray("enum")
                .getValuesAs(JsonString::getString);
    }

    /** {@code summary} with the first element of its array {@code field} replaced by {@code first}. */
    private static JsonObject with(JsonObject summary, String field, JsonObject first) {
        return Json.createObjectBuilder(summary).add(field, Json.createArrayBuilder(summary.getJsonArray(field)).set(0, first)).build();
    }

    private static void assertNames(List<Error> errors, String name) {
        assertTrue(errors.stream().anyMatch(e -> e.toString().contains(name)), "no error names " + name + ": " + errors);
    }

    private static List<Error> errors(String json) {
        return SCHEMA.validate(json, InputFormat.JSON);
    }

    private static Schema schema() {
        try {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(Files.readString(SCHEMA_FILE, StandardCharsets.UTF_8), InputFormat.JSON);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
