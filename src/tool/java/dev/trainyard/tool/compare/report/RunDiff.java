package dev.trainyard.tool.compare.report;

import dev.trainyard.tool.compare.analysis.Verdicts;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two runs' verdicts side by side ({@code -Ddiff=<run>}): which changed, and whether the change
 * is beyond noise. A decided verdict (a winner whose lead the run could tell from noise) that
 * became another decided winner flipped beyond both runs' rules; one that became a tie moved
 * within noise; a client-bound cell in either run cannot be compared; a verdict only one run
 * has (a cell added to the plan, or taken out) is listed as added or removed.
 */
public final class RunDiff {

    /** The columns every run since verdicts were kept has; later runs add {@code trials_set_aside}. */
    static final String COLUMNS = "variant,experiment,users,winner,ratio,strength,ratio_low,ratio_high";
    static final String HEADER = COLUMNS + ",trials_set_aside,trials";

    private RunDiff() {
    }

    public static List<String> csv(List<Verdicts.Verdict> verdicts) {
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        for (Verdicts.Verdict v : verdicts) {
            lines.add(String.join(",", typed(v).values().stream().map(RunDiff::csv).toList()));
        }
        return lines;
    }

    /** One verdict by {@link #HEADER}'s names, typed (summary.json's verdicts): a bound that is none is null. */
    static Map<String, Object> typed(Verdicts.Verdict v) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("variant", v.variant());
        row.put("experiment", v.experiment());
        row.put("users", v.users());
        row.put("winner", v.winner());
        row.put("ratio", v.ratio());
        row.put("strength", v.strength().name());
        row.put("ratio_low", Double.isNaN(v.low()) ? null : v.low());
        row.put("ratio_high", Double.isNaN(v.high()) ? null : v.high());
        row.put("trials_set_aside", v.setAside());
        row.put("trials", v.trials());
        return row;
    }

    private static String csv(Object value) {
        if (value == null) {
            return "";
        }
        return value instanceof Double d ? String.format(Locale.ROOT, "%.3f", d) : String.valueOf(value);
    }

    /** Prints what changed from {@code before} to {@code after} (run folders); returns how many verdicts flipped. */
    public static int print(Path before, Path after, PrintStream out) throws IOException {
        Map<String, String[]> a = read(before.resolve("verdicts.csv"));
        Map<String, String[]> b = read(after.resolve("verdicts.csv"));
        out.printf("%nVerdicts of %s against %s:%n", after.getFileName(), before.getFileName());
        int flipped = 0;
        int same = 0;
        int added = 0;
        int removed = 0;
        for (Map.Entry<String, String[]> e : b.entrySet()) {
            String[] was = a.get(e.getKey());
            String[] now = e.getValue();
            String label = e.getKey().replace('\u0000', ' ');
            if (was == null) {
                added++;
                out.printf("- %s: ADDED, %s (the earlier run did not ask it)%n", label, text(now));
                continue;
            }
            boolean wasDecided = decided(was);
            boolean nowDecided = decided(now);
            if (was[5].equals("WITHHELD") || now[5].equals("WITHHELD")) {
                out.printf("- %s: not comparable, the load client was CPU-bound (%s -> %s)%n", label, text(was), text(now));
            } else if (wasDecided && nowDecided && Collections.disjoint(List.of(was[3].split(" or ")), List.of(now[3].split(" or ")))) {
                flipped++;
                out.printf("- %s: FLIPPED %s -> %s: both runs told the styles apart, so the change is beyond noise%n",
                        label, text(was), text(now));
            } else if (wasDecided && level(now) || level(was) && nowDecided) {
                out.printf("- %s: %s -> %s: one run found a lead, the other every style level (within %.0f%%)%n", label, text(was),
                        text(now), Verdicts.LEVEL_BAND * 100);
            } else if (wasDecided != nowDecided || level(was) != level(now)) {
                out.printf("- %s: %s -> %s, within noise (one run could not tell the styles apart)%n", label, text(was), text(now));
            } else {
                same++;
            }
        }
        for (Map.Entry<String, String[]> e : a.entrySet()) {
            if (!b.containsKey(e.getKey())) {
                removed++;
                out.printf("- %s: REMOVED, was %s (this run did not ask it)%n", e.getKey().replace('\u0000', ' '), text(e.getValue()));
            }
        }
        out.printf("%d verdict(s) the same, %d flipped, %d added, %d removed.%n", same, flipped, added, removed);
        return flipped;
    }

    /** A lead: not level, undecided (a tie, in runs before level was told apart) or withheld. */
    private static boolean decided(String[] v) {
        return !List.of("LEVEL", "UNDECIDED", "TIE", "WITHHELD").contains(v[5]);
    }

    private static boolean level(String[] v) {
        return v[5].equals("LEVEL");
    }

    private static String text(String[] v) {
        return decided(v) ? v[3] + " x" + v[4] : v[5].toLowerCase(Locale.ROOT);
    }

    private static Map<String, String[]> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("no verdicts in " + file.getParent() + " (runs before this version kept none)");
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).startsWith(COLUMNS)) {
            throw new IOException(file + " is not a verdicts file");
        }
        Map<String, String[]> verdicts = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            verdicts.put(f[0] + "\u0000" + f[1] + " @" + f[2], f);
        }
        return verdicts;
    }
}
