package dev.trainyard.tool.compare.gate;

import static dev.trainyard.tool.compare.gate.Summaries.JSON;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * What a pipeline gates on, for one run: the run against its baseline (where one was named) and
 * every threshold checked, each by its name. It adds them to the run's summary and says which
 * kind of failure, if any, the run's exit status reports.
 */
public record Judgement(Against against, List<Threshold.Check> checks) {

    /** No baseline, no threshold: nothing to judge. */
    public static final Judgement NONE = new Judgement(null, List.of());

    /**
     * @param baseline the baseline's summary, or null
     * @throws IllegalArgumentException a rule against the baseline without one
     */
    public static Judgement of(JsonObject run, JsonObject baseline, List<Threshold> thresholds) {
        Against against = baseline == null ? null : Against.of(baseline, run);
        return new Judgement(against, thresholds.stream().map(t -> t.check(run, against)).toList());
    }

    /** A rule against the baseline broken: a verdict flipped, a cell lower beyond noise. */
    public boolean baselineBroken() {
        return checks.stream().anyMatch(c -> !c.holds() && c.threshold().kind().needsBaseline());
    }

    /** A threshold on the run's own figures broken. */
    public boolean figureBroken() {
        return checks.stream().anyMatch(c -> !c.holds() && !c.threshold().kind().needsBaseline());
    }

    /** {@code summary} with its "baseline" and "thresholds" where there are any. */
    public JsonObject into(JsonObject summary) {
        JsonObjectBuilder out = JSON.createObjectBuilder(summary);
        if (against != null) {
            out.add("baseline", against.json());
        }
        if (!checks.isEmpty()) {
            JsonArrayBuilder each = JSON.createArrayBuilder();
            checks.forEach(c -> each.add(c.json()));
            out.add("thresholds", each);
        }
        return out.build();
    }

    /** The console's account: the comparison with the baseline, then every threshold. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        if (against != null) {
            lines.addAll(against.lines());
        }
        if (!checks.isEmpty()) {
            lines.add("Thresholds:");
            checks.forEach(c -> lines.add("- " + c.line()));
        }
        return lines;
    }
}
