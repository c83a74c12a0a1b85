package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.deploy.Packaging;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a server variant costs to run, from what the harness already reads: its start-up (its
 * JVM's start, or a container's creation, to the first answer), its memory idle (the first
 * scrape) and at the peak of its cells (the watch's samples of the process's resident memory),
 * and the CPU its process spent per 1,000 requests in each style at the highest load of the entry
 * experiment (the database work every style shares), or of the first experiment run when entry
 * was not; in a container, also its image and limits and its control group's memory peak.
 *
 * @param since what start-up counts from ("its JVM started", "docker run")
 * @param cpuMsPer1000 per style, cheapest first, at {@code experiment} @ {@code users}
 * @param packaging the container's image and limits, or null for a process
 */
public record Footprint(String variant, double readySeconds, String since, double idleMib, double heapMib, double peakMib,
        String experiment, int users, Map<String, Double> cpuMsPer1000, Packaging packaging) {

    public static Footprint of(String variant, double readySeconds, String since, Map<String, Double> idle, List<CellResult> cells,
            Packaging packaging) {
        double peak = cells.stream().mapToDouble(c -> c.facts().residentPeakBytes()).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
        List<CellResult> loaded = cells.stream().filter(c -> c.spec().users() > 0 && !c.spec().calibration() && !c.spec().cost()).toList();
        String experiment = loaded.stream().anyMatch(c -> c.spec().experiment().equals("entry")) ? "entry"
                : loaded.stream().map(c -> c.spec().experiment()).findFirst().orElse(null);
        int top = loaded.stream().filter(c -> c.spec().experiment().equals(experiment)).mapToInt(c -> c.spec().users()).max().orElse(0);
        Map<String, Double> perStyle = loaded.stream().filter(c -> c.spec().experiment().equals(experiment) && c.spec().users() == top)
                .filter(c -> !Double.isNaN(c.cpuMsPer1000()))
                .sorted(Comparator.comparingDouble(CellResult::cpuMsPer1000))
                .collect(Collectors.toMap(c -> c.spec().style(), CellResult::cpuMsPer1000, (a, b) -> a, LinkedHashMap::new));
        return new Footprint(variant, readySeconds, since, mib(idle.get("process_resident_memory_bytes")),
                mib(idle.get("trainyard_jvm_heap_used_bytes")), peak / 1048576, experiment, top, perStyle, packaging);
    }

    private static double mib(Double bytes) {
        return bytes == null ? Double.NaN : bytes / 1048576;
    }

    public String sentence() {
        StringBuilder s = new StringBuilder(variant).append(": ");
        if (packaging != null) {
            s.append(packaging.text()).append("; ");
        }
        s.append(Double.isNaN(readySeconds) ? "start-up not known" : String.format(Locale.ROOT, "ready %.1f s after %s", readySeconds, since));
        if (!Double.isNaN(idleMib)) {
            s.append(String.format(Locale.ROOT, "; idle %.0f MiB resident", idleMib));
        }
        if (!Double.isNaN(heapMib)) {
            s.append(String.format(Locale.ROOT, " (%.0f MiB of heap in use)", heapMib));
        }
        if (!Double.isNaN(peakMib)) {
            s.append(String.format(Locale.ROOT, ", %.0f MiB at the peak of its cells", peakMib));
        }
        if (!cpuMsPer1000.isEmpty()) {
            s.append(String.format(Locale.ROOT, "; server CPU per 1,000 requests at %s @ %d users: %s", experiment, users, cpu()));
        }
        return s.append('.').toString();
    }

    /**
     * For each load of the entry experiment (the database work every style shares), the server
     * variants from the least CPU per 1,000 requests to the most, each with its cheapest style:
     * which server costs least per request at each load, under the same limits.
     */
    public static List<String> cheapest(List<CellResult> results) {
        List<CellResult> entry = results.stream().filter(c -> c.spec().experiment().equals("entry") && c.spec().users() > 0
                && !Double.isNaN(c.cpuMsPer1000())).toList();
        return entry.stream().map(c -> c.spec().users()).distinct().sorted().map(users -> {
            Map<String, CellResult> best = new LinkedHashMap<>();
            entry.stream().filter(c -> c.spec().users() == users)
                    .forEach(c -> best.merge(c.variantName(), c, (a, b) -> b.cpuMsPer1000() < a.cpuMsPer1000() ? b : a));
            return String.format(Locale.ROOT, "entry @ %d users: ", users) + best.values().stream()
                    .sorted(Comparator.comparingDouble(CellResult::cpuMsPer1000))
                    .map(c -> String.format(Locale.ROOT, "%s %.0f ms (%s)", c.variantName(), c.cpuMsPer1000(), c.spec().style()))
                    .collect(Collectors.joining(", then "));
        }).toList();
    }

    /** The CPU per 1,000 requests of each style, cheapest first ("train 75 ms, blocking 250 ms"). */
    public String cpu() {
        return cpuMsPer1000.entrySet().stream().map(e -> String.format(Locale.ROOT, "%s %.0f ms", e.getKey(), e.getValue()))
                .collect(Collectors.joining(", "));
    }
}
