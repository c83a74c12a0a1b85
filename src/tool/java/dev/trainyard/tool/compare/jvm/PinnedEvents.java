package dev.trainyard.tool.compare.jvm;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The JFR events jdk.VirtualThreadPinned of a server variant's run, read from {@code jfr print}:
 * a virtual thread that blocked while it could not leave its carrier (a native frame, a class
 * initialiser, and before JDK 24 a monitor held), so that the carrier blocked with it. Each is
 * named by the first frame of ours or of a library on its stack, the JDK's own frames skipped,
 * since that is the code to change.
 *
 * @param count events recorded
 * @param totalMillis their durations added up
 * @param bySite events per "frame — reason", most first
 */
public record PinnedEvents(int count, double totalMillis, Map<String, Integer> bySite) {

    /** The text of {@code jfr print --events jdk.VirtualThreadPinned --stack-depth N}. */
    static PinnedEvents parse(String printed) {
        int count = 0;
        double millis = 0;
        Map<String, Integer> sites = new LinkedHashMap<>();
        String reason = "";
        String frame = null;
        int depth = 0;
        boolean inStack = false;
        for (String raw : printed.split("\n")) {
            String line = raw.strip();
            if (depth == 0) {
                if (line.startsWith("jdk.VirtualThreadPinned {")) {
                    count++;
                    depth = 1;
                    reason = "";
                    frame = null;
                }
            } else if (inStack) {
                if (line.equals("]")) {
                    inStack = false;
                } else if (frame == null && !line.equals("...") && !jdkFrame(line)) {
                    frame = line.replaceAll("\\(.*", "");
                }
            } else if (line.startsWith("duration = ")) {
                millis += durationMillis(line.substring("duration = ".length()));
            } else if (line.startsWith("pinnedReason = ")) {
                reason = line.substring("pinnedReason = ".length()).replace("\"", "");
            } else if (line.startsWith("stackTrace = [")) {
                inStack = true;
            } else if (line.endsWith("{")) {
                depth++;
            } else if (line.equals("}") && --depth == 0) {
                sites.merge((frame == null ? "(only JDK frames)" : frame) + (reason.isEmpty() ? "" : " — " + reason), 1, Integer::sum);
            }
        }
        Map<String, Integer> sorted = sites.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
        return new PinnedEvents(count, millis, sorted);
    }

    private static boolean jdkFrame(String frame) {
        return frame.startsWith("java.") || frame.startsWith("jdk.") || frame.startsWith("sun.");
    }

    /** jfr's durations: "40.1 ms", "1.20 s", "850 us", "12 ns". */
    static double durationMillis(String text) {
        String[] parts = text.strip().split("\\s+");
        double value = Double.parseDouble(parts[0]);
        String unit = parts.length > 1 ? parts[1] : "ms";
        return switch (unit) {
            case "s" -> value * 1000;
            case "us" -> value / 1000;
            case "ns" -> value / 1e6;
            case "min" -> value * 60_000;
            default -> value;
        };
    }

    /** One line for the report: how many, how long, where. */
    String describe() {
        if (count == 0) {
            return "no virtual thread pinned its carrier while blocking";
        }
        List<String> top = bySite.entrySet().stream().limit(3).map(e -> e.getValue() + "× " + e.getKey()).toList();
        return String.format(Locale.ROOT, "%d pinned event(s), %.0f ms in all; %s", count, totalMillis, String.join("; ", top));
    }
}
