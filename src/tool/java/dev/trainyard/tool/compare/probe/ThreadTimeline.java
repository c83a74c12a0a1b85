package dev.trainyard.tool.compare.probe;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The server's threads second by second over one cell, from its /metrics: live JVM threads and
 * request threads busy inside the WAR, as the threads experiment counted them, so a thread count
 * that grows with the load shows as a line that climbs, not only as a peak.
 *
 * @param seconds when each sample was taken, in seconds since the cell started (warm-up included)
 * @param live the JVM's live platform threads
 * @param busyPlatform platform request threads inside the WAR
 * @param busyVirtual virtual request threads inside the WAR
 * @param requestThreadBound the server's request thread bound (NaN: none, or not on /metrics)
 */
public record ThreadTimeline(double[] seconds, double[] live, double[] busyPlatform, double[] busyVirtual, double requestThreadBound) {

    static final ThreadTimeline NONE = empty(Double.NaN);

    /** Every this often a sample, as the original counted its threads. */
    static final long EVERY_MS = 1000;

    /** No sample yet, against a request thread bound (NaN: none). */
    public static ThreadTimeline empty(double requestThreadBound) {
        return new ThreadTimeline(new double[0], new double[0], new double[0], new double[0], requestThreadBound);
    }

    public ThreadTimeline plus(double second, double liveNow, double platformNow, double virtualNow) {
        int n = seconds.length;
        double[] s = Arrays.copyOf(seconds, n + 1);
        double[] l = Arrays.copyOf(live, n + 1);
        double[] p = Arrays.copyOf(busyPlatform, n + 1);
        double[] v = Arrays.copyOf(busyVirtual, n + 1);
        s[n] = second;
        l[n] = liveNow;
        p[n] = platformNow;
        v[n] = virtualNow;
        return new ThreadTimeline(s, l, p, v, requestThreadBound);
    }

    public int size() {
        return seconds.length;
    }

    /** How far the live threads rose above the first sample: the threads the load made the server start. */
    public double growth() {
        return size() == 0 ? Double.NaN : Arrays.stream(live).max().orElse(0) - live[0];
    }

    /** The live threads, one number a second, for a text report. */
    public String liveLine() {
        return Arrays.stream(live).mapToObj(v -> String.format(Locale.ROOT, "%.0f", v)).collect(Collectors.joining(" "));
    }
}
