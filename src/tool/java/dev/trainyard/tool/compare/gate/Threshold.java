package dev.trainyard.tool.compare.gate;

import static dev.trainyard.tool.compare.gate.Summaries.JSON;

import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One threshold a team writes ({@code -Dassert=}), named by its own text: a figure every cell it
 * selects must keep ({@code p95<250ms@entry/train/400}, {@code errors<0.1%}), or a rule against
 * the baseline ({@code no-flip}, {@code no-regression}). A threshold that selects no cell is
 * broken, so that a misspelt one cannot pass unseen.
 */
public record Threshold(String name, Kind kind, Figure figure, Comparison comparison, double limit, List<String> where) {

    /** What a threshold holds a run to; a broken one of each kind has its own exit status. */
    public enum Kind {
        /** A figure of the selected cells. */
        FIGURE,
        /** No verdict flipped beyond noise against the baseline. */
        NO_FLIP,
        /** No cell's throughput lower than the baseline's beyond noise. */
        NO_REGRESSION;

        public boolean needsBaseline() {
            return this != FIGURE;
        }
    }

    /** A cell's figure a threshold may hold, with the column it reads and the units it is written in. */
    public enum Figure {
        P50("p50", "p50_ms", Unit.MILLIS), P95("p95", "p95_ms", Unit.MILLIS), P99("p99", "p99_ms", Unit.MILLIS),
        MAX("max", "max_ms", Unit.MILLIS), THROUGHPUT("throughput", "throughput", Unit.PER_SECOND), ERRORS("errors", "error_rate", Unit.SHARE);

        private final String word;
        private final String column;
        private final Unit unit;

        Figure(String word, String column, Unit unit) {
            this.word = word;
            this.column = column;
            this.unit = unit;
        }

        static Figure of(String word) {
            return Arrays.stream(values()).filter(f -> f.word.equals(word)).findFirst().orElseThrow();
        }
    }

    /** How a figure is written: its suffixes and what each multiplies the number by to reach the column's unit. */
    enum Unit {
        MILLIS("ms", 1, "s", 1000), PER_SECOND("/s", 1, "req/s", 1), SHARE("%", 0.01, "", 1);

        private final String suffix;
        private final double factor;
        private final String other;
        private final double otherFactor;

        Unit(String suffix, double factor, String other, double otherFactor) {
            this.suffix = suffix;
            this.factor = factor;
            this.other = other;
            this.otherFactor = otherFactor;
        }

        /** The suffixes it is written with, for the help. */
        String units() {
            return other.isEmpty() ? suffix + ", or a share of 1" : suffix + " or " + other;
        }

        /** The number in the column's unit; no suffix: the column's own (milliseconds, requests a second, a share of 1). */
        double value(double number, String suffix, String name) {
            if (suffix.isEmpty()) {
                return number;
            }
            if (suffix.equals(this.suffix)) {
                return number * factor;
            }
            if (!other.isEmpty() && suffix.equals(other)) {
                return number * otherFactor;
            }
            throw new IllegalArgumentException("assert: " + name + ": " + suffix + " is not a unit of this figure (" + this.suffix
                    + (other.isEmpty() ? "" : " or " + other) + ")");
        }
    }

    /** Below or above the limit, the limit itself allowed or not. */
    public enum Comparison {
        BELOW("<"), AT_MOST("<="), ABOVE(">"), AT_LEAST(">=");

        private final String sign;

        Comparison(String sign) {
            this.sign = sign;
        }

        boolean holds(double value, double limit) {
            return switch (this) {
                case BELOW -> value < limit;
                case AT_MOST -> value <= limit;
                case ABOVE -> value > limit;
                case AT_LEAST -> value >= limit;
            };
        }

        static Comparison of(String sign) {
            return Arrays.stream(values()).filter(c -> c.sign.equals(sign)).findFirst().orElseThrow();
        }
    }

    /** What a threshold found: whether it held, and the account of it (the worst cell, or what broke it). */
    public record Check(Threshold threshold, boolean holds, String account) {

        public String line() {
            return (holds ? "held: " : "BROKEN: ") + threshold.name + ": " + account;
        }

        JsonObject json() {
            return JSON.createObjectBuilder().add("name", threshold.name).add("kind", threshold.kind.name()).add("holds", holds)
                    .add("account", account).build();
        }
    }

    /** How a threshold on a figure is written, from the figures, comparisons and units declared above: -Dhelp says it too. */
    public static final String GRAMMAR = "<figure><op><number>[unit][@word/word...], the figure "
            + Arrays.stream(Figure.values()).map(f -> f.word + " (" + f.unit.units() + ")").collect(Collectors.joining(", ")) + ", op "
            + Arrays.stream(Comparison.values()).map(c -> c.sign).collect(Collectors.joining(" "))
            + ", each word naming the selected cells' server, thread model, experiment, style or users";

    private static final Pattern FIGURE_RULE = Pattern.compile("(" + Arrays.stream(Figure.values()).map(f -> f.word).collect(Collectors.joining("|"))
            + ")\\s*(<=|>=|<|>)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(" + Arrays.stream(Unit.values()).flatMap(u -> Stream.of(u.suffix, u.other))
                    .filter(x -> !x.isEmpty()).sorted(Comparator.comparingInt(String::length).reversed()).map(Pattern::quote)
                    .collect(Collectors.joining("|")) + ")?\\s*(?:@\\s*(\\S+))?");

    /** The thresholds of {@code -Dassert=}, comma-separated; an empty text is none. */
    public static List<Threshold> parse(String text) {
        List<Threshold> out = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        for (String each : text.split(",")) {
            String name = each.strip();
            if (name.equals("no-flip")) {
                out.add(new Threshold(name, Kind.NO_FLIP, null, null, 0, List.of()));
            } else if (name.equals("no-regression")) {
                out.add(new Threshold(name, Kind.NO_REGRESSION, null, null, 0, List.of()));
            } else {
                Matcher m = FIGURE_RULE.matcher(name);
                if (!m.matches()) {
                    throw new IllegalArgumentException("assert: \"" + name + "\" is not a threshold: write no-flip, no-regression, or "
                            + GRAMMAR + ", e.g. p95<250ms@entry/train/400");
                }
                Figure figure = Figure.of(m.group(1));
                double limit = figure.unit.value(Double.parseDouble(m.group(3)), m.group(4) == null ? "" : m.group(4), name);
                out.add(new Threshold(name, Kind.FIGURE, figure, Comparison.of(m.group(2)), limit,
                        m.group(5) == null ? List.of() : List.of(m.group(5).toLowerCase(Locale.ROOT).split("/"))));
            }
        }
        return out;
    }

    /**
     * This threshold on {@code run} (a summary), against the baseline where there is one.
     * @throws IllegalArgumentException for a rule against the baseline with no baseline
     */
    public Check check(JsonObject run, Against against) {
        if (kind.needsBaseline() && against == null) {
            throw new IllegalArgumentException("assert: " + name + " needs a baseline (baseline=<run>)");
        }
        return switch (kind) {
            case NO_FLIP -> {
                List<String> flipped = against.verdicts().stream().filter(v -> v.change() == Against.VerdictChange.FLIPPED).map(Against.Change::key).toList();
                yield new Check(this, flipped.isEmpty(), flipped.isEmpty()
                        ? against.verdicts().size() + " verdict(s) compared with " + against.baseline() + ", none flipped"
                        : flipped.size() + " flipped against " + against.baseline() + ": " + String.join("; ", flipped));
            }
            case NO_REGRESSION -> {
                List<String> lower = against.cells().stream().filter(c -> c.change() == Against.CellChange.LOWER)
                        .map(c -> String.format(Locale.ROOT, "%s x%.3f", c.key(), c.ratio())).toList();
                long judged = against.cells().stream().filter(c -> c.p() != null).count();
                yield new Check(this, lower.isEmpty(), lower.isEmpty()
                        ? judged + " cells judged against " + against.baseline() + " (" + against.count(Against.CellChange.UNTOLD)
                                + " of one trial untold), none lower beyond noise"
                        : lower.size() + " cells lower beyond noise than in " + against.baseline() + ": " + String.join("; ", lower));
            }
            case FIGURE -> figures(run);
        };
    }

    private Check figures(JsonObject run) {
        int matched = 0;
        List<String> broken = new ArrayList<>();
        String worst = null;
        double worstValue = Double.NaN;
        for (JsonObject cell : run.getJsonArray("cells").getValuesAs(JsonObject.class)) {
            if (!selects(cell)) {
                continue;
            }
            matched++;
            Double value = Against.figure(cell, figure.column);
            String key = Against.cellKey(cell);
            if (value == null) {
                broken.add(key + " (no figure)");
                continue;
            }
            if (!comparison.holds(value, limit)) {
                broken.add(key + " " + shown(value));
            }
            boolean lower = comparison == Comparison.BELOW || comparison == Comparison.AT_MOST;
            if (worst == null || (lower ? value > worstValue : value < worstValue)) {
                worst = key;
                worstValue = value;
            }
        }
        if (matched == 0) {
            return new Check(this, false, "no cell matches " + String.join("/", where));
        }
        if (!broken.isEmpty()) {
            return new Check(this, false, broken.size() + " of " + matched + " cells: " + String.join("; ", broken.subList(0, Math.min(5, broken.size())))
                    + (broken.size() > 5 ? "; ..." : ""));
        }
        return new Check(this, true, matched + " cells; the nearest the limit " + worst + " " + shown(worstValue));
    }

    private String shown(double value) {
        return switch (figure.unit) {
            case MILLIS -> String.format(Locale.ROOT, "%.1f ms", value);
            case PER_SECOND -> String.format(Locale.ROOT, "%.0f req/s", value);
            case SHARE -> String.format(Locale.ROOT, "%.3f%%", value * 100);
        };
    }

    /** Whether every word of the selector names the cell: its server, thread model, experiment, style or users. */
    boolean selects(JsonObject cell) {
        Set<String> names = new TreeSet<>();
        for (String field : new String[] {"server", "variant", "experiment", "style"}) {
            String value = cell.getString(field).toLowerCase(Locale.ROOT);
            names.add(value);
            names.addAll(List.of(value.split(" ")));
        }
        names.add(String.valueOf(cell.getInt("users")));
        return names.containsAll(where);
    }
}
