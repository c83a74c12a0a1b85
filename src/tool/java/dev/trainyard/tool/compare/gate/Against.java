package dev.trainyard.tool.compare.gate;

import static dev.trainyard.tool.compare.gate.Summaries.JSON;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run against a baseline run (two summaries): what became of every verdict, of every
 * ranking's first place and of every cell's figures. A verdict is a ratio measured inside one run, so a change of winner where both
 * runs told the styles apart is beyond noise in both runs' own terms. A cell's figure is compared
 * across the two runs, trial against trial (Welch's t on the logarithms: the runs are not paired),
 * with Holm's correction over every cell compared, so that a run of a hundred cells marks a
 * change by chance at most one time in twenty; a cell of one trial has no spread to judge by and
 * is left untold. What neither test sees is a drift of the machine between the two runs: it moves
 * every cell of a run alike, and the report says so beside the cells.
 */
public final class Against {

    /** The family-wise chance of marking a cell changed where nothing changed. */
    public static final double FAMILY_ERROR = 0.05;

    /** What became of a verdict (or a ranking's first place) the baseline or the run holds. */
    public enum VerdictChange {
        SAME("the same"),
        FLIPPED("flipped beyond noise: both runs told the leader apart"),
        LEAD_AND_LEVEL("one run found a lead, the other all level"),
        WITHIN_NOISE("changed within noise: one of the runs could not tell the leader apart"),
        NOT_COMPARABLE("not comparable: the load client ran out of CPU in one of the runs"),
        ADDED("added: the baseline did not ask it"),
        REMOVED("removed: this run did not ask it");

        private final String meaning;

        VerdictChange(String meaning) {
            this.meaning = meaning;
        }

        public String meaning() {
            return meaning;
        }
    }

    /** What became of a cell's throughput. */
    public enum CellChange { HIGHER, LOWER, WITHIN_NOISE, UNTOLD, ADDED, REMOVED }

    /**
     * What became of one verdict, or of one ranking's first place.
     * @param was the baseline's as text, null where it had none; {@code now} likewise
     */
    public record Change(String key, VerdictChange change, String was, String now) {

        public String line() {
            return switch (change) {
                case ADDED -> key + ": ADDED, " + now + " (" + change.meaning + ")";
                case REMOVED -> key + ": REMOVED, was " + was + " (" + change.meaning + ")";
                case FLIPPED -> key + ": FLIPPED " + was + " -> " + now + " (" + change.meaning + ")";
                default -> key + ": " + was + " -> " + now + " (" + change.meaning + ")";
            };
        }
    }

    /**
     * @param throughput this run's (null where it has none); {@code was} the baseline's
     * @param p the test's p-value before Holm's correction, null where the cell was not tested
     */
    public record Cell(String key, CellChange change, Double throughput, Double was, Double p95Ms, Double p95WasMs, Double p) {

        /** This run's throughput over the baseline's, null where either has none. */
        public Double ratio() {
            return throughput == null || was == null || was == 0 ? null : throughput / was;
        }

        public Double p95Ratio() {
            return p95Ms == null || p95WasMs == null || p95WasMs == 0 ? null : p95Ms / p95WasMs;
        }
    }

    private final String baseline;
    private final List<Change> verdicts;
    private final List<Change> rankings;
    private final List<Cell> cells;

    private Against(String baseline, List<Change> verdicts, List<Change> rankings, List<Cell> cells) {
        this.baseline = baseline;
        this.verdicts = verdicts;
        this.rankings = rankings;
        this.cells = cells;
    }

    /**
     * What a comparison reads of a verdict or a ranking: whether it names a leader beyond noise,
     * finds all level, or was withheld, and its leaders (a verdict's "async or train" is two).
     */
    private record Reading(boolean decided, boolean level, boolean withheld, List<String> leaders, String text) {

        static Reading verdict(JsonObject v) {
            String strength = v.getString("strength");
            boolean decided = !List.of("LEVEL", "UNDECIDED", "WITHHELD").contains(strength);
            return new Reading(decided, strength.equals("LEVEL"), strength.equals("WITHHELD"),
                    decided ? List.of(v.getString("winner").split(" or ")) : List.of(),
                    decided ? String.format(Locale.ROOT, "%s x%.3f", v.getString("winner"), v.getJsonNumber("ratio").doubleValue())
                            : strength.toLowerCase(Locale.ROOT));
        }

        /** A ranking by its first step: the fastest variant ahead of the next beyond noise, level with it, or neither. */
        static Reading ranking(JsonObject r) {
            JsonObject first = r.getJsonArray("gaps").getJsonObject(0);
            String step = first.getString("step");
            Double ratio = figure(first, "ratio");
            String leader = r.getJsonArray("order").getString(0);
            return new Reading(step.equals("LEAD"), step.equals("LEVEL"), false, List.of(leader), step.equals("LEAD")
                    ? String.format(Locale.ROOT, "%s x%.3f", leader, ratio == null ? Double.NaN : ratio) : step.toLowerCase(Locale.ROOT)
                            + " (" + leader + " first)");
        }
    }

    /** {@code run} against {@code baseline}, two summaries as {@link Summaries#read} gives them. */
    public static Against of(JsonObject baseline, JsonObject run) {
        return new Against(Summaries.id(baseline),
                changes(byKey(baseline, "verdicts", Against::verdictKey), byKey(run, "verdicts", Against::verdictKey), Reading::verdict),
                changes(byKey(baseline, "rankings", Against::rankingKey), byKey(run, "rankings", Against::rankingKey), Reading::ranking),
                cells(byKey(baseline, "cells", Against::cellKey), byKey(run, "cells", Against::cellKey)));
    }

    /** The baseline run's id. */
    public String baseline() {
        return baseline;
    }

    public List<Change> verdicts() {
        return verdicts;
    }

    /** What became of each ranking's first place (summaries of version 1 have no rankings). */
    public List<Change> rankings() {
        return rankings;
    }

    public List<Cell> cells() {
        return cells;
    }

    public long count(VerdictChange change) {
        return verdicts.stream().filter(v -> v.change == change).count();
    }

    private long rankingsFlipped() {
        return rankings.stream().filter(r -> r.change == VerdictChange.FLIPPED).count();
    }

    public long count(CellChange change) {
        return cells.stream().filter(c -> c.change == change).count();
    }

    /** The console's account: every verdict that is not the same, then the counts. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add("Against the baseline " + baseline + ":");
        verdicts.stream().filter(v -> v.change != VerdictChange.SAME).forEach(v -> lines.add("- " + v.line()));
        rankings.stream().filter(r -> r.change == VerdictChange.FLIPPED).forEach(r -> lines.add("- ranking " + r.line()));
        lines.add(counts());
        cells.stream().filter(c -> c.change == CellChange.LOWER || c.change == CellChange.HIGHER).forEach(c -> lines.add(String.format(Locale.ROOT,
                "- %s: %s, %.0f req/s against %.0f (x%.3f)", c.key, c.change.name().toLowerCase(Locale.ROOT), c.throughput, c.was, c.ratio())));
        return lines;
    }

    /** How many verdicts and cells changed, by how. */
    public String counts() {
        return String.format(Locale.ROOT, "%d verdict(s) the same, %d flipped, %d added, %d removed; %d ranking(s) compared, %d first"
                + " place(s) flipped; cells' throughput: %d higher and %d lower beyond noise, %d within noise, %d untold (one trial), %d added,"
                + " %d removed.", count(VerdictChange.SAME), count(VerdictChange.FLIPPED), count(VerdictChange.ADDED),
                count(VerdictChange.REMOVED), rankings.size(), rankingsFlipped(), count(CellChange.HIGHER),
                count(CellChange.LOWER), count(CellChange.WITHIN_NOISE), count(CellChange.UNTOLD), count(CellChange.ADDED),
                count(CellChange.REMOVED));
    }

    /** summary.json's "baseline". */
    public JsonObject json() {
        JsonArrayBuilder v = JSON.createArrayBuilder();
        for (Change each : verdicts) {
            JsonObjectBuilder o = JSON.createObjectBuilder().add("verdict", each.key).add("change", each.change.name());
            v.add(text(text(o, "was", each.was), "now", each.now));
        }
        JsonArrayBuilder r = JSON.createArrayBuilder();
        for (Change each : rankings) {
            JsonObjectBuilder o = JSON.createObjectBuilder().add("ranking", each.key).add("change", each.change.name());
            r.add(text(text(o, "was", each.was), "now", each.now));
        }
        JsonArrayBuilder c = JSON.createArrayBuilder();
        for (Cell each : cells) {
            JsonObjectBuilder o = JSON.createObjectBuilder().add("cell", each.key).add("change", each.change.name());
            number(o, "throughput", each.throughput);
            number(o, "throughput_was", each.was);
            number(o, "throughput_ratio", each.ratio());
            number(o, "p95_ms", each.p95Ms);
            number(o, "p95_was_ms", each.p95WasMs);
            number(o, "p95_ratio", each.p95Ratio());
            number(o, "p_value", each.p);
            c.add(o);
        }
        return JSON.createObjectBuilder().add("run", baseline).add("family_error", FAMILY_ERROR).add("verdicts", v).add("rankings", r)
                .add("cells", c).build();
    }

    private static List<Change> changes(Map<String, JsonObject> was, Map<String, JsonObject> now,
            java.util.function.Function<JsonObject, Reading> read) {
        List<Change> out = new ArrayList<>();
        for (Map.Entry<String, JsonObject> e : now.entrySet()) {
            JsonObject before = was.get(e.getKey());
            Reading after = read.apply(e.getValue());
            out.add(before == null ? new Change(e.getKey(), VerdictChange.ADDED, null, after.text())
                    : new Change(e.getKey(), change(read.apply(before), after), read.apply(before).text(), after.text()));
        }
        was.forEach((key, before) -> {
            if (!now.containsKey(key)) {
                out.add(new Change(key, VerdictChange.REMOVED, read.apply(before).text(), null));
            }
        });
        return out;
    }

    private static VerdictChange change(Reading was, Reading now) {
        if (was.withheld() || now.withheld()) {
            return was.withheld() && now.withheld() ? VerdictChange.SAME : VerdictChange.NOT_COMPARABLE;
        }
        if (was.decided() && now.decided()) {
            return Collections.disjoint(was.leaders(), now.leaders()) ? VerdictChange.FLIPPED : VerdictChange.SAME;
        }
        if (was.decided() && now.level() || was.level() && now.decided()) {
            return VerdictChange.LEAD_AND_LEVEL;
        }
        return was.decided() != now.decided() || was.level() != now.level() ? VerdictChange.WITHIN_NOISE : VerdictChange.SAME;
    }

    private static List<Cell> cells(Map<String, JsonObject> was, Map<String, JsonObject> now) {
        Map<String, Double> tested = new LinkedHashMap<>();
        Map<String, Boolean> higher = new LinkedHashMap<>();
        for (Map.Entry<String, JsonObject> e : now.entrySet()) {
            JsonObject before = was.get(e.getKey());
            double[] a = before == null ? null : logs(before);
            double[] b = logs(e.getValue());
            if (a != null && b != null) {
                tested.put(e.getKey(), Welch.of(a, b).p());
                higher.put(e.getKey(), mean(b) > mean(a));
            }
        }
        List<String> beyond = holm(tested);
        List<Cell> out = new ArrayList<>();
        for (Map.Entry<String, JsonObject> e : now.entrySet()) {
            JsonObject before = was.get(e.getKey());
            JsonObject cell = e.getValue();
            CellChange change = before == null ? CellChange.ADDED : !tested.containsKey(e.getKey()) ? CellChange.UNTOLD
                    : !beyond.contains(e.getKey()) ? CellChange.WITHIN_NOISE : higher.get(e.getKey()) ? CellChange.HIGHER : CellChange.LOWER;
            out.add(new Cell(e.getKey(), change, figure(cell, "throughput"), before == null ? null : figure(before, "throughput"),
                    figure(cell, "p95_ms"), before == null ? null : figure(before, "p95_ms"), tested.get(e.getKey())));
        }
        was.forEach((key, before) -> {
            if (!now.containsKey(key)) {
                out.add(new Cell(key, CellChange.REMOVED, null, figure(before, "throughput"), null, figure(before, "p95_ms"), null));
            }
        });
        return out;
    }

    /** The cells whose change Holm's step-down procedure keeps at {@link #FAMILY_ERROR} over all of them. */
    static List<String> holm(Map<String, Double> p) {
        List<Map.Entry<String, Double>> sorted = new ArrayList<>(p.entrySet());
        sorted.sort(Map.Entry.comparingByValue(Comparator.naturalOrder()));
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            if (!(sorted.get(i).getValue() <= FAMILY_ERROR / (sorted.size() - i))) {
                break;
            }
            kept.add(sorted.get(i).getKey());
        }
        return kept;
    }

    /** The logarithms of a cell's trials' throughputs, or null where it has fewer than two trials above zero (or a summary of version 1). */
    private static double[] logs(JsonObject cell) {
        JsonValue trials = cell.get("trial_throughputs");
        if (trials == null || trials.getValueType() != JsonValue.ValueType.ARRAY) {
            return null;
        }
        double[] logs = Welch.logs(trials.asJsonArray().getValuesAs(JsonNumber.class).stream().mapToDouble(JsonNumber::doubleValue).toArray());
        return logs == null || logs.length < 2 ? null : logs;
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    /** A summary's part by key; a part a summary of an earlier version lacks is empty. */
    private static Map<String, JsonObject> byKey(JsonObject summary, String part, java.util.function.Function<JsonObject, String> key) {
        Map<String, JsonObject> out = new LinkedHashMap<>();
        if (summary.containsKey(part)) {
            summary.getJsonArray(part).getValuesAs(JsonObject.class).forEach(o -> out.put(key.apply(o), o));
        }
        return out;
    }

    private static String rankingKey(JsonObject r) {
        return r.getString("experiment") + " @" + r.getInt("users") + " " + r.getString("style");
    }

    static String verdictKey(JsonObject v) {
        return v.getString("variant") + " " + v.getString("experiment") + " @" + v.getInt("users");
    }

    /** A cell's name across runs: its server variant, experiment, style and load. */
    public static String cellKey(JsonObject c) {
        int rate = c.getInt("offered_rate", 0);
        return c.getString("server") + "/" + c.getString("variant") + " " + c.getString("experiment") + " " + c.getString("style") + " @"
                + c.getInt("users") + (rate > 0 ? " " + rate + "/s" : "");
    }

    /** A cell's figure, null where it has none. */
    static Double figure(JsonObject cell, String name) {
        JsonValue value = cell.get(name);
        return value instanceof JsonNumber n ? n.doubleValue() : null;
    }

    private static JsonObjectBuilder text(JsonObjectBuilder o, String name, String value) {
        return value == null ? o.addNull(name) : o.add(name, value);
    }

    private static void number(JsonObjectBuilder o, String name, Double value) {
        if (value == null || !Double.isFinite(value)) {
            o.addNull(name);
        } else {
            o.add(name, value);
        }
    }
}
