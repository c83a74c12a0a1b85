package dev.trainyard.tool.compare.jvm;

import java.util.List;

/**
 * One thread of the server as a sample saw it: its state (empty where the dump gives none) and
 * its frames as "class.method", innermost first.
 */
public record ThreadStack(String name, String state, List<String> frames) {

    /**
     * A frame of a thread dump ("java.lang.Thread.sleep(java.base@25/Native Method)") as
     * "class.method": without its source position and module.
     */
    static String frame(String dumped) {
        int open = dumped.indexOf('(');
        String method = open < 0 ? dumped : dumped.substring(0, open);
        return method.substring(method.lastIndexOf('/') + 1);
    }

    boolean has(String prefix) {
        return frames.stream().anyMatch(f -> f.startsWith(prefix));
    }

    boolean hasAny(List<String> prefixes) {
        return prefixes.stream().anyMatch(this::has);
    }
}
