package dev.trainyard.tool.compare.deploy;

import java.util.Locale;

/**
 * How a container ran: its image (and its size in MiB), its cpuset (null when not pinned), its
 * memory limit as given, the seconds from docker run until its image's health check said
 * healthy, and its control group's memory peak in MiB (NaN when not readable).
 */
public record Packaging(String image, double imageMib, String cpuset, String memoryLimit, double healthySeconds, double groupPeakMib) {

    public String text() {
        return String.format(Locale.ROOT, "container of %s (%.0f MiB), %s, memory limit %s, healthy %.1f s after docker run%s", image,
                imageMib, cpuset == null ? "not pinned" : "cpuset " + cpuset, memoryLimit, healthySeconds, Double.isNaN(groupPeakMib)
                        ? ", its control group not readable here"
                        : String.format(Locale.ROOT, ", its control group's memory peak %.0f MiB", groupPeakMib));
    }
}
