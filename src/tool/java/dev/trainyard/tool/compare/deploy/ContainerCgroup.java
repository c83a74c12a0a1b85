package dev.trainyard.tool.compare.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A container's memory as its control group counts it (the page cache its files use included,
 * which the process's resident memory leaves out, and which is what a memory limit holds), read
 * from the host through one of its processes: cgroup v2's {@code memory.peak} and
 * {@code memory.current}, or v1's {@code memory.max_usage_in_bytes} and {@code memory.usage_in_bytes}.
 *
 * @param proc the host's /proc
 * @param sys the host's cgroup mount (/sys/fs/cgroup)
 */
public record ContainerCgroup(Path proc, Path sys) {

    static final ContainerCgroup HOST = new ContainerCgroup(Path.of("/proc"), Path.of("/sys/fs/cgroup"));

    /** The highest memory the container's group has held since it started, in bytes; empty when not readable here. */
    OptionalDouble memoryPeak(long pid) {
        return read(pid, "memory.peak", "memory.max_usage_in_bytes");
    }

    /** The memory the container's group holds now, in bytes; empty when not readable here. */
    OptionalDouble memoryNow(long pid) {
        return read(pid, "memory.current", "memory.usage_in_bytes");
    }

    private OptionalDouble read(long pid, String v2, String v1) {
        List<String> lines;
        try {
            lines = Files.readAllLines(proc.resolve(Long.toString(pid)).resolve("cgroup"));
        } catch (IOException gone) {
            return OptionalDouble.empty();
        }
        for (String line : lines) {
            // "hierarchy-id:controllers:path"; v2's single line is "0::path".
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            String group = f[2].startsWith("/") ? f[2].substring(1) : f[2];
            if (f[1].isEmpty() && f[0].equals("0")) {
                OptionalDouble value = number(sys.resolve(group).resolve(v2));
                if (value.isPresent()) {
                    return value;
                }
            } else if (List.of(f[1].split(",")).contains("memory")) {
                OptionalDouble value = number(sys.resolve("memory").resolve(group).resolve(v1));
                if (value.isPresent()) {
                    return value;
                }
            }
        }
        return OptionalDouble.empty();
    }

    private static OptionalDouble number(Path file) {
        try {
            return OptionalDouble.of(Double.parseDouble(Files.readString(file).trim()));
        } catch (IOException | NumberFormatException unreadable) {
            return OptionalDouble.empty();
        }
    }
}
