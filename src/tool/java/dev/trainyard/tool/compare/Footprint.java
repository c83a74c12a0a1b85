package dev.trainyard.tool.compare;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a server variant costs to run, in one sentence from what the harness already reads: its
 * start-up (its JVM's start to the first answer), its memory idle (the first scrape) and at the
 * peak of its cells (the watch's samples of the process's resident memory), and the CPU its
 * process spent per 1,000 requests in each style at the highest load of the entry experiment (the
 * database work every style shares), or of the first experiment run when entry was not.
 */
final class Footprint {

    private Footprint() {
    }

    static String sentence(String variant, double readySeconds, Map<String, Double> idle, List<CellResult> cells) {
        StringBuilder s = new StringBuilder(variant).append(": ");
        s.append(Double.isNaN(readySeconds) ? "start-up not known" : String.format(Locale.ROOT, "ready %.1f s after its JVM started", readySeconds));
        Double resident = idle.get("process_resident_memory_bytes");
        Double heap = idle.get("trainyard_jvm_heap_used_bytes");
        if (resident != null) {
            s.append(String.format(Locale.ROOT, "; idle %.0f MiB resident", resident / 1048576));
        }
        if (heap != null) {
            s.append(String.format(Locale.ROOT, " (%.0f MiB of heap in use)", heap / 1048576));
        }
        double peak = cells.stream().mapToDouble(c -> c.facts().residentPeakBytes()).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
        if (!Double.isNaN(peak)) {
            s.append(String.format(Locale.ROOT, ", %.0f MiB at the peak of its cells", peak / 1048576));
        }
        List<CellResult> loaded = cells.stream().filter(c -> c.spec().users() > 0 && !c.spec().calibration() && !c.spec().cost()).toList();
        String experiment = loaded.stream().anyMatch(c -> c.spec().experiment().equals("entry")) ? "entry"
                : loaded.stream().map(c -> c.spec().experiment()).findFirst().orElse(null);
        if (experiment != null) {
            int top = loaded.stream().filter(c -> c.spec().experiment().equals(experiment)).mapToInt(c -> c.spec().users()).max().orElse(0);
            String perStyle = loaded.stream().filter(c -> c.spec().experiment().equals(experiment) && c.spec().users() == top)
                    .filter(c -> !Double.isNaN(c.cpuMsPer1000()))
                    .sorted(Comparator.comparingDouble(CellResult::cpuMsPer1000))
                    .map(c -> String.format(Locale.ROOT, "%s %.0f ms", c.spec().style(), c.cpuMsPer1000()))
                    .collect(Collectors.joining(", "));
            if (!perStyle.isEmpty()) {
                s.append(String.format(Locale.ROOT, "; server CPU per 1,000 requests at %s @ %d users: %s", experiment, top, perStyle));
            }
        }
        return s.append('.').toString();
    }
}
