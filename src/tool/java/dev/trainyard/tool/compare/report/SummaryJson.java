package dev.trainyard.tool.compare.report;

import dev.trainyard.tool.compare.analysis.Analysis;
import dev.trainyard.tool.compare.analysis.Finding;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonWriter;
import jakarta.json.stream.JsonGenerator;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * summary.json: the run's answer for a team's own pipeline, in the shape of
 * docs/summary.schema.json (its version in {@link #SCHEMA}): the run, every cell (cells.csv's
 * columns, typed), every verdict (verdicts.csv's) and the experiments' claims. The schema turns
 * away fields it does not name, so a field added, renamed or retyped comes with a new version.
 */
final class SummaryJson {

    /** The version of docs/summary.schema.json this writes. */
    static final int SCHEMA = 1;

    private SummaryJson() {
    }

    /**
     * @param id the run's folder name
     * @param written when the summary was written
     * @param client the load client that measured the cells
     * @param facts what the report's "The run" list says of the run
     */
    static JsonObject of(String id, Instant written, String client, List<String> facts, Analysis analysis) {
        JsonArrayBuilder cells = Json.createArrayBuilder();
        analysis.results().forEach(r -> cells.add(object(CellColumns.typed(r))));
        JsonArrayBuilder verdicts = Json.createArrayBuilder();
        analysis.verdicts().forEach(v -> verdicts.add(object(RunDiff.typed(v))));
        JsonArrayBuilder claims = Json.createArrayBuilder();
        for (Finding f : analysis.findings()) {
            claims.add(Json.createObjectBuilder().add("experiment", f.experiment()).add("claim", f.claim()).add("where", f.where())
                    .add("holds", f.holds()).add("evidence", f.evidence()));
        }
        return Json.createObjectBuilder()
                .add("schema", SCHEMA)
                .add("run", Json.createObjectBuilder().add("id", id).add("written", written.toString()).add("client", client)
                        .add("facts", Json.createArrayBuilder(facts)))
                .add("cells", cells)
                .add("verdicts", verdicts)
                .add("claims", claims)
                .build();
    }

    static String text(JsonObject summary) {
        StringWriter out = new StringWriter();
        try (JsonWriter writer = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true)).createWriter(out)) {
            writer.writeObject(summary);
        }
        return out.toString().strip() + "\n";
    }

    private static JsonObjectBuilder object(Map<String, Object> fields) {
        JsonObjectBuilder o = Json.createObjectBuilder();
        fields.forEach((name, value) -> {
            if (value == null || value instanceof Double d && (d.isNaN() || d.isInfinite())) {
                o.addNull(name);
            } else if (value instanceof String s) {
                o.add(name, s);
            } else if (value instanceof Boolean b) {
                o.add(name, b);
            } else if (value instanceof Integer i) {
                o.add(name, i);
            } else if (value instanceof Long l) {
                o.add(name, l);
            } else if (value instanceof Double d) {
                o.add(name, d);
            } else {
                throw new IllegalArgumentException(name + " is a " + value.getClass().getSimpleName() + ", not a JSON value");
            }
        });
        return o;
    }
}
