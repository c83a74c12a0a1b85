package dev.trainyard.tool.compare.probe;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What happened beside the load during one trial, each of it a suspect when trials of the same
 * cell disagree: the server's JIT compiling and its collectors collecting (its /metrics), the
 * database's checkpointer writing and autovacuum running (its statistics views), the machine's
 * hypervisor taking CPU from it (steal), the load client's own collectors and JIT. NaN where a
 * side could not be read.
 *
 * @param jitSeconds the server JVM's JIT compiling time over the cell
 * @param gcSeconds the server JVM's collectors' time over the cell
 * @param checkpointBuffers buffers PostgreSQL's checkpointer wrote over the cell
 * @param autovacuums autovacuum and autoanalyze runs PostgreSQL finished over the cell, every table
 * @param stealSeconds CPU time the machine's hypervisor took from its cores over the cell, all cores
 * @param clientGcSeconds the load client's JVM (this harness, JMeter in it) collecting over the cell
 * @param clientJitSeconds the same JVM's JIT compiling over the cell
 */
public record Conditions(double jitSeconds, double gcSeconds, double checkpointBuffers, double autovacuums, double stealSeconds,
        double clientGcSeconds, double clientJitSeconds) {

    public static final Conditions UNKNOWN = new Conditions(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN);

    /** The kernel's clock ticks per second in /proc/stat (USER_HZ, 100 on every Linux that matters here). */
    private static final double TICKS_PER_SECOND = 100;

    public Conditions withDatabase(double checkpointBuffers, double autovacuums) {
        return new Conditions(jitSeconds, gcSeconds, checkpointBuffers, autovacuums, stealSeconds, clientGcSeconds, clientJitSeconds);
    }

    /** With what the machine and the client's own JVM did over the cell. */
    public Conditions withClient(double stealSeconds, double clientGcSeconds, double clientJitSeconds) {
        return new Conditions(jitSeconds, gcSeconds, checkpointBuffers, autovacuums, stealSeconds, clientGcSeconds, clientJitSeconds);
    }

    /** This JVM's collectors' time so far, every collector. */
    public static double collectedSeconds() {
        double ms = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms / 1e3;
    }

    /**
     * This JVM's compilers' time so far (the load client's JIT: JMeter's code is compiled in this
     * JVM while it loads the server); NaN where the JVM does not measure it.
     */
    public static double compiledSeconds() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() / 1e3 : Double.NaN;
    }

    /** The machine's stolen CPU so far, in seconds over every core (/proc/stat's eighth column); NaN off Linux. */
    public static double stolenSeconds() {
        try {
            String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            return cpu[0].equals("cpu") && cpu.length > 8 ? Long.parseLong(cpu[8]) / TICKS_PER_SECOND : Double.NaN;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
