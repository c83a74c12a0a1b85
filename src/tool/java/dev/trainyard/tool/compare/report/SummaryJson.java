package dev.trainyard.tool.compare.report;

import static dev.trainyard.tool.compare.gate.Summaries.JSON;

import dev.trainyard.tool.compare.analysis.Analysis;
import dev.trainyard.tool.compare.analysis.Finding;
import dev.trainyard.tool.compare.analysis.Footprint;
import dev.trainyard.tool.compare.analysis.Rankings;
import dev.trainyard.tool.compare.deploy.Packaging;
import dev.trainyard.tool.compare.gate.Judgement;
import dev.trainyard.tool.compare.gate.RunHeader;
import dev.trainyard.tool.compare.gate.Summaries;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.stream.JsonGenerator;
import java.io.StringWriter;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * summary.json: the run's answer for a team's own pipeline, in the shape of
 * docs/summary.schema.json (its version {@link Summaries#VERSION}): the run's header, every cell
 * (cells.csv's columns, typed), every verdict (verdicts.csv's), the experiments' claims, each
 * server variant's footprint, and
 * where asked the comparison with a baseline and the thresholds checked ({@link Judgement}). The
 * schema turns away fields it does not name, so a field added, renamed or retyped comes with a
 * new version.
 */
final class SummaryJson {

    private SummaryJson() {
    }

    /** What the run measured: its cells, verdicts and claims, which a {@link Judgement} reads. */
    static JsonObject measured(Analysis analysis) {
        JsonArrayBuilder cells = JSON.createArrayBuilder();
        analysis.results().forEach(r -> cells.add(object(Columns.CELLS.typed(r))));
        JsonArrayBuilder verdicts = JSON.createArrayBuilder();
        analysis.verdicts().forEach(v -> verdicts.add(object(Columns.VERDICTS.typed(v))));
        JsonArrayBuilder claims = JSON.createArrayBuilder();
        for (Finding f : analysis.findings()) {
            claims.add(JSON.createObjectBuilder().add("experiment", f.experiment()).add("claim", f.claim()).add("where", f.where())
                    .add("holds", f.holds()).add("evidence", f.evidence()));
        }
        JsonArrayBuilder rankings = JSON.createArrayBuilder();
        for (Rankings.Ranking r : analysis.rankings().rankings()) {
            JsonArrayBuilder gaps = JSON.createArrayBuilder();
            r.gaps().forEach(g -> gaps.add(gap(g)));
            rankings.add(JSON.createObjectBuilder().add("experiment", r.experiment()).add("users", r.users()).add("style", r.style())
                    .add("order", JSON.createArrayBuilder(r.order())).add("gaps", gaps));
        }
        JsonArrayBuilder threadModels = JSON.createArrayBuilder();
        for (Rankings.ThreadModels t : analysis.rankings().threadModels()) {
            threadModels.add(JSON.createObjectBuilder().add("server", t.server()).add("experiment", t.experiment()).add("users", t.users())
                    .add("style", t.style()).add("gap", gap(t.gap())));
        }
        return JSON.createObjectBuilder().add("cells", cells).add("verdicts", verdicts).add("rankings", rankings)
                .add("thread_models", threadModels).add("claims", claims).build();
    }

    /** One step of a ranking: the faster, the slower, their ratio and its unpaired interval, and what the step is. */
    private static JsonObjectBuilder gap(Rankings.Gap g) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("ahead", g.ahead());
        fields.put("behind", g.behind());
        fields.put("ratio", g.ratio());
        fields.put("ratio_low", g.low());
        fields.put("ratio_high", g.high());
        fields.put("step", g.step().name());
        return object(fields);
    }

    /**
     * @param written when the summary was written
     * @param client the load client that measured the cells
     * @param facts what the report's "The run" list says of the run
     */
    static JsonObject of(Instant written, String client, List<String> facts, RunHeader header, JsonObject measured,
            List<Footprint> footprints, Judgement judgement) {
        JsonObjectBuilder summary = JSON.createObjectBuilder().add("schema", Summaries.VERSION)
                .add("run", header.summary(written.toString(), client, facts));
        measured.forEach(summary::add);
        JsonArrayBuilder costs = JSON.createArrayBuilder();
        footprints.forEach(f -> costs.add(footprint(f)));
        return judgement.into(summary.add("footprints", costs).build());
    }

    /** What a server variant costs to run, as the report's footprint table says it. */
    private static JsonObjectBuilder footprint(Footprint f) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("variant", f.variant());
        fields.put("ready_seconds", f.readySeconds());
        fields.put("since", f.since());
        fields.put("idle_mib", f.idleMib());
        fields.put("heap_mib", f.heapMib());
        fields.put("peak_mib", f.peakMib());
        fields.put("experiment", f.experiment());
        fields.put("users", f.users());
        JsonObjectBuilder o = object(fields);
        JsonObjectBuilder perStyle = JSON.createObjectBuilder();
        f.cpuMsPer1000().forEach((style, ms) -> perStyle.add(style, scalar(style, ms)));
        o.add("cpu_ms_per_1000", perStyle);
        Packaging p = f.packaging();
        if (p == null) {
            return o.addNull("container");
        }
        Map<String, Object> container = new LinkedHashMap<>();
        container.put("image", p.image());
        container.put("image_mib", p.imageMib());
        container.put("cpuset", p.cpuset());
        container.put("memory_limit", p.memoryLimit());
        container.put("healthy_seconds", p.healthySeconds());
        container.put("group_peak_mib", p.groupPeakMib());
        return o.add("container", object(container));
    }

    static String text(JsonObject summary) {
        StringWriter out = new StringWriter();
        try (JsonWriter writer = JSON.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true)).createWriter(out)) {
            writer.writeObject(summary);
        }
        return out.toString().strip() + "\n";
    }

    private static JsonObjectBuilder object(Map<String, Object> fields) {
        JsonObjectBuilder o = JSON.createObjectBuilder();
        fields.forEach((name, value) -> {
            if (value instanceof List<?> list) {
                JsonArrayBuilder each = JSON.createArrayBuilder();
                list.forEach(v -> each.add(((Number) v).doubleValue()));
                o.add(name, each);
            } else {
                o.add(name, scalar(name, value));
            }
        });
        return o;
    }

    private static JsonValue scalar(String name, Object value) {
        if (value == null || value instanceof Double d && (d.isNaN() || d.isInfinite())) {
            return JsonValue.NULL;
        } else if (value instanceof String s) {
            return JSON.createValue(s);
        } else if (value instanceof Boolean b) {
            return b ? JsonValue.TRUE : JsonValue.FALSE;
        } else if (value instanceof Integer i) {
            return JSON.createValue(i);
        } else if (value instanceof Long l) {
            return JSON.createValue(l);
        } else if (value instanceof Double d) {
            return JSON.createValue(d);
        }
        throw new IllegalArgumentException(name + " is a " + value.getClass().getSimpleName() + ", not a JSON value");
    }
}
