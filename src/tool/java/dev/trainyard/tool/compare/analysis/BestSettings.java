package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.run.Tuning;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Each server at its best, from the tuning sweep: per server variant and cell, the setting with
 * the highest median throughput beside the equal settings (its lead counted only where the two
 * 95% intervals do not overlap: the settings ran in separate starts, so no trials pair), the
 * servers compared at their best, and the best settings as lines of each server's native files.
 */
public final class BestSettings {

    /** One server variant's cell: its equal-settings result and its best one (the same when nothing beat it). */
    public record Best(ServerRun run, CellSpec spec, CellResult best, CellResult equal) {

        /** Whether the best setting's lead over the equal settings is beyond noise. */
        boolean decided() {
            return best != equal && low(best) > high(equal);
        }

        double ratio() {
            return best.stats().throughput() / equal.stats().throughput();
        }

        public String sentence() {
            String where = run.server() + "/" + run.variant().key() + " " + spec.label();
            if (best == equal) {
                return String.format(Locale.ROOT, "%s: the equal settings are the best tried, %s", where, figure(equal));
            }
            return String.format(Locale.ROOT, "%s: best %s, %s, x%.2f the equal settings' %s (%s)", where, run.tuning().label(),
                    figure(best), ratio(), figure(equal), decided() ? "beyond noise"
                    : best.trials() == null || equal.trials() == null ? "one trial: no interval" : "within noise: a tie");
        }
    }

    /** A cell of a server variant whatever its tuning: the cells a sweep compares. */
    private record Untuned(ServerRun run, String cell) {
    }

    private final List<Best> bests;

    private BestSettings(List<Best> bests) {
        this.bests = bests;
    }

    /** The sweep's verdicts over a run's cells; empty when nothing was tuned. */
    public static BestSettings of(List<CellResult> results) {
        Map<Untuned, List<CellResult>> byCell = new LinkedHashMap<>();
        for (CellResult r : results) {
            if (r.failed() || r.spec().cost() || r.spec().calibration()) {
                continue;
            }
            byCell.computeIfAbsent(new Untuned(r.run().with(Tuning.AS_CONFIGURED), r.spec().label()), k -> new ArrayList<>()).add(r);
        }
        List<Best> bests = new ArrayList<>();
        for (List<CellResult> cell : byCell.values()) {
            CellResult equal = cell.stream().filter(r -> r.run().tuning().asConfigured()).findFirst().orElse(null);
            if (equal == null || cell.size() < 2) {
                continue;
            }
            CellResult best = cell.stream().max(Comparator.comparingDouble(r -> r.stats().throughput())).orElseThrow();
            bests.add(new Best(best.run(), equal.spec(), best, equal));
        }
        return new BestSettings(bests);
    }

    public boolean isEmpty() {
        return bests.isEmpty();
    }

    public List<Best> bests() {
        return bests;
    }

    /** Per cell, the server variants at their best, fastest first, beside their equal-settings figure. */
    public List<String> atTheirBest() {
        Map<String, List<Best>> byCell = new LinkedHashMap<>();
        bests.forEach(b -> byCell.computeIfAbsent(b.spec().label(), k -> new ArrayList<>()).add(b));
        List<String> lines = new ArrayList<>();
        byCell.forEach((cell, list) -> {
            List<Best> sorted = new ArrayList<>(list);
            sorted.sort(Comparator.comparingDouble((Best b) -> -b.best().stats().throughput()));
            List<String> parts = sorted.stream().map(b -> String.format(Locale.ROOT, "%s/%s %.0f (%s; equal settings %.0f)",
                    b.run().server(), b.run().variant().key(), b.best().stats().throughput(), b.run().tuning().label(),
                    b.equal().stats().throughput())).toList();
            lines.add(cell + ": " + String.join(", ", parts));
        });
        return lines;
    }

    /** Where a setting beat the equal settings beyond noise: the lines to paste into the server's files. */
    public List<String> pasteLines() {
        List<String> lines = new ArrayList<>();
        for (Best b : bests) {
            if (b.decided()) {
                Tuning tuning = b.run().tuning();
                lines.add(b.run().server() + "/" + b.run().variant().key() + ", best for " + b.spec().label() + ": "
                        + String.join("; ", tuning.pasteLines(b.run().server())));
            }
        }
        return lines;
    }

    private static String figure(CellResult r) {
        return r.trials() == null ? String.format(Locale.ROOT, "%.0f req/s", r.stats().throughput())
                : String.format(Locale.ROOT, "%.0f req/s [%.0f, %.0f]", r.stats().throughput(), r.trials().low(), r.trials().high());
    }

    /** NaN for one trial: no comparison with it holds, so one trial decides nothing. */
    private static double low(CellResult r) {
        return r.trials() == null ? Double.NaN : r.trials().low();
    }

    private static double high(CellResult r) {
        return r.trials() == null ? Double.NaN : r.trials().high();
    }
}
