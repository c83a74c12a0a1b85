package dev.trainyard.tool.compare.jvm;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where the threads doing the WAR's work were during a cell: per site, how many on average over
 * the cell's samples, and how long a sample took (the dump is taken at a safepoint, so the
 * server's threads stood still for at most that long).
 *
 * @param sites mean threads per site over the samples
 * @param working mean threads inside the WAR over the samples
 * @param samples how many samples the means come from
 * @param sampleMillis the median time one sample took, end to end
 * @param cores the processors the server's JVM may use
 * @param locks mean threads per place they waited for a lock ({@link WaitSite#lockHolder})
 */
public record WaitSites(Map<WaitSite, Double> sites, double working, int samples, double sampleMillis, int cores, Map<String, Double> locks) {

    public static final WaitSites NONE = new WaitSites(Map.of(), 0, 0, Double.NaN, 0, Map.of());

    /** The cell's samples, each the server's threads at one instant, on a JVM with that many cores. */
    static WaitSites of(List<List<ThreadStack>> samples, double[] sampleMillis, int cores) {
        if (samples.isEmpty()) {
            return NONE;
        }
        Map<WaitSite, Double> sites = new EnumMap<>(WaitSite.class);
        Map<String, Double> locks = new HashMap<>();
        double working = 0;
        for (List<ThreadStack> sample : samples) {
            for (ThreadStack t : sample) {
                WaitSite site = WaitSite.of(t);
                if (site != null) {
                    sites.merge(site, 1.0 / samples.size(), Double::sum);
                    working += 1.0 / samples.size();
                }
                if (site == WaitSite.LOCK) {
                    locks.merge(WaitSite.lockHolder(t), 1.0 / samples.size(), Double::sum);
                }
            }
        }
        double[] sorted = sampleMillis.clone();
        Arrays.sort(sorted);
        return new WaitSites(sites, working, samples.size(), sorted.length == 0 ? Double.NaN : sorted[(sorted.length - 1) / 2], cores, locks);
    }

    /** A cell's trials as one: their samples pooled. */
    public static WaitSites pool(List<WaitSites> trials) {
        int samples = trials.stream().mapToInt(WaitSites::samples).sum();
        if (samples == 0) {
            return NONE;
        }
        Map<WaitSite, Double> sites = new EnumMap<>(WaitSite.class);
        Map<String, Double> locks = new HashMap<>();
        double working = 0;
        for (WaitSites t : trials) {
            t.sites().forEach((site, mean) -> sites.merge(site, mean * t.samples() / samples, Double::sum));
            t.locks().forEach((where, mean) -> locks.merge(where, mean * t.samples() / samples, Double::sum));
            working += t.working() * t.samples() / samples;
        }
        double[] millis = trials.stream().mapToDouble(WaitSites::sampleMillis).filter(m -> !Double.isNaN(m)).sorted().toArray();
        return new WaitSites(sites, working, samples, millis.length == 0 ? Double.NaN : millis[(millis.length - 1) / 2],
                trials.stream().mapToInt(WaitSites::cores).max().orElse(0), locks);
    }

    /** The site most of the working threads were at, or null when none worked while sampled. */
    public WaitSite top() {
        return sites.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
    }

    /**
     * Whether the top site bound the cell: a pool or a lock always; running only when more threads
     * ran or waited for a core than the server has (a thread on a core half the time binds nothing).
     */
    public boolean bound() {
        WaitSite top = top();
        return top != null && top.binding() && (top != WaitSite.RUNNING || at(top) > cores);
    }

    public double at(WaitSite site) {
        return sites.getOrDefault(site, 0.0);
    }

    /** "141 of 214 threads in the WAR in the connection pool (waiting for a connection)", or "" without samples. */
    public String describe() {
        WaitSite top = top();
        if (top == null) {
            return samples == 0 ? "" : "no thread in the WAR when sampled";
        }
        String where = top != WaitSite.LOCK ? "" : locks.entrySet().stream().max(Map.Entry.comparingByValue())
                .map(e -> " (mostly in " + e.getKey() + ")").orElse("");
        return count(at(top)) + " of " + count(working) + " threads in the WAR " + top.label() + where;
    }

    private static String count(double mean) {
        return String.format(Locale.ROOT, mean >= 10 ? "%.0f" : "%.1f", mean);
    }
}
