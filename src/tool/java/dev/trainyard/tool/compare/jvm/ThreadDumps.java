package dev.trainyard.tool.compare.jvm;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the JVM's thread dump, {@code jcmd <pid> Thread.print}: every platform thread, and each
 * virtual thread mounted on one of them (its frames follow its carrier's).
 */
public final class ThreadDumps {

    private ThreadDumps() {
    }

    /**
     * Every thread of a Thread.print dump: a block per thread, opened by its quoted name, with its
     * state ("java.lang.Thread.State: WAITING (parking)") and its frames ("at class.method(...)").
     */
    static List<ThreadStack> text(String dump) {
        List<ThreadStack> found = new ArrayList<>();
        String name = null;
        String state = "";
        List<String> frames = new ArrayList<>();
        for (String line : dump.split("\n")) {
            if (line.startsWith("\"")) {
                if (name != null) {
                    found.add(new ThreadStack(name, state, List.copyOf(frames)));
                }
                name = line.substring(1, Math.max(1, line.indexOf('"', 1)));
                state = "";
                frames.clear();
            } else if (name != null && line.strip().startsWith("java.lang.Thread.State: ")) {
                state = line.strip().substring("java.lang.Thread.State: ".length()).split(" ")[0];
            } else if (name != null && line.strip().startsWith("at ")) {
                frames.add(ThreadStack.frame(line.strip().substring(3)));
            }
        }
        if (name != null) {
            found.add(new ThreadStack(name, state, List.copyOf(frames)));
        }
        return found;
    }
}
