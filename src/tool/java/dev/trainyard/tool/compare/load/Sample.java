package dev.trainyard.tool.compare.load;

/** One request as JMeter recorded it: when it started (epoch ms), how long it took, and its verdict. */
public record Sample(long start, long elapsed, String label, String code, boolean success) {

    long end() {
        return start + elapsed;
    }
}
