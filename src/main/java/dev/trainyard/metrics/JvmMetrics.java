package dev.trainyard.metrics;

import dev.trainyard.metrics.ThreadKind;
import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * JVM facts a thread-model comparison needs: live and peak platform threads (virtual threads are
 * not counted by the JVM's thread bean, which is the point), whether this JVM has virtual threads
 * at all, the CPU the server's process has used (what a style costs, read around a load), the
 * JIT's compiling and the collectors' collecting time (what moves a load test's figures besides the load), and its
 * memory: heap in use and the process's resident memory, what a server costs to hold a load.
 */
final class JvmMetrics implements MetricSource {

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();

    @Override
    public void writeTo(PrometheusText out) {
        out.family("trainyard_jvm_threads_live", "gauge", "Live platform threads in the JVM")
                .sample("trainyard_jvm_threads_live", threads.getThreadCount());
        out.family("trainyard_jvm_threads_peak", "gauge", "Peak live platform threads since the JVM started")
                .sample("trainyard_jvm_threads_peak", threads.getPeakThreadCount());
        out.family("trainyard_jvm_virtual_threads_available", "gauge", "1 when the JVM has virtual threads (Java 21+)")
                .sample("trainyard_jvm_virtual_threads_available", ThreadKind.virtualThreadsAvailable() ? 1 : 0);
        out.family("trainyard_jvm_info", "gauge", "The Java runtime serving the WAR")
                .sample("trainyard_jvm_info", 1, "version", System.getProperty("java.version"),
                        "vendor", String.valueOf(System.getProperty("java.vendor")));
        out.family("trainyard_jvm_available_processors", "gauge", "Processors the JVM may use")
                .sample("trainyard_jvm_available_processors", Runtime.getRuntime().availableProcessors());
        // The standard Prometheus process metric; every JVM the servers run on (HotSpot) has it.
        if (os instanceof com.sun.management.OperatingSystemMXBean hotspot && hotspot.getProcessCpuTime() >= 0) {
            out.family("process_cpu_seconds_total", "counter", "CPU time of the server's whole process, all threads, user and system")
                    .sample("process_cpu_seconds_total", hotspot.getProcessCpuTime() / 1e9);
        }
        // How long the JIT has compiled: a server whose JIT is still busy is not yet in its steady state, and a load test
        // read then measures the compiler too.
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit != null && jit.isCompilationTimeMonitoringSupported()) {
            out.family("jvm_compilation_time_seconds_total", "counter", "Time the JIT compilers have spent compiling")
                    .sample("jvm_compilation_time_seconds_total", jit.getTotalCompilationTime() / 1e3);
        }
        // How long the collectors have collected: a load test's figures move with it.
        double collecting = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            collecting += Math.max(0, gc.getCollectionTime());
        }
        out.family("jvm_gc_collection_seconds_total", "counter", "Time the garbage collectors have spent collecting, all collectors")
                .sample("jvm_gc_collection_seconds_total", collecting / 1e3);
        out.family("trainyard_jvm_heap_used_bytes", "gauge", "Heap in use, garbage not yet collected included")
                .sample("trainyard_jvm_heap_used_bytes", memory.getHeapMemoryUsage().getUsed());
        long resident = residentBytes();
        if (resident >= 0) {
            // The standard Prometheus process metric, where the kernel tells it (Linux).
            out.family("process_resident_memory_bytes", "gauge", "Resident memory of the server's whole process")
                    .sample("process_resident_memory_bytes", resident);
        }
    }

    /** VmRSS of /proc/self/status; -1 where there is none. */
    private static long residentBytes() {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return -1;
        }
        try (Stream<String> lines = Files.lines(status)) {
            return lines.filter(l -> l.startsWith("VmRSS:")).findFirst()
                    .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024).orElse(-1L);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
