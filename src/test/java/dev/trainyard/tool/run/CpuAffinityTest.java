package dev.trainyard.tool.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class CpuAffinityTest {

    @Test
    void thisJvmsCpuSecondsGrowWithWork() throws Exception {
        double before = CpuAffinity.selfAndChildrenCpuSeconds();
        long deadline = System.nanoTime() + 10_000_000_000L;
        long sink = 0;
        while (CpuAffinity.selfAndChildrenCpuSeconds() - before < 0.05 && System.nanoTime() < deadline) {
            for (int i = 0; i < 1_000_000; i++) {
                sink += i ^ sink;
            }
        }
        assertTrue(CpuAffinity.selfAndChildrenCpuSeconds() - before >= 0.05, "10 s of spinning moved the counter (" + sink + ")");
    }

    @Test
    void aPinnedProcessRunsOnlyOnTheCpusGiven() throws Exception {
        assumeTrue(CpuAffinity.available(), "taskset is not installed");
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            CpuAffinity.pin(List.of(sleeper.toHandle()), "0");
            Process check = new ProcessBuilder("taskset", "-c", "-p", Long.toString(sleeper.pid())).redirectErrorStream(true).start();
            String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            check.waitFor();
            assertTrue(said.endsWith("current affinity list: 0"), said);
        } finally {
            sleeper.destroy();
        }
    }

    @Test
    void everyThreadOfAProcessIsCheckedAgainstItsPin() throws Exception {
        assumeTrue(CpuAffinity.available() && Runtime.getRuntime().availableProcessors() >= 2, "taskset and two cores");
        // Five threads (the main one and four sleepers), started on both cores; the list prints once all run.
        Process threads = new ProcessBuilder("python3", "-c", "import threading, time\n"
                + "[threading.Thread(target=time.sleep, args=(30,), daemon=True).start() for _ in range(4)]\n"
                + "print('ready', flush=True)\ntime.sleep(30)").start();
        try {
            assertEquals("ready", new String(threads.getInputStream().readNBytes(5), StandardCharsets.UTF_8));
            List<ProcessHandle> process = List.of(threads.toHandle());
            CpuAffinity.pin(process, "0-1");
            assertEquals(5, CpuAffinity.threadsOutside(process, "0").size(), "every thread may run on CPU 1 too");
            assertEquals(List.of(), CpuAffinity.threadsOutside(process, "0-1"));
            CpuAffinity.pin(process, "0");
            assertEquals(List.of(), CpuAffinity.threadsOutside(process, "0"), "taskset -a pinned every thread");
        } finally {
            threads.destroy();
        }
        threads.waitFor();
        assertEquals(List.of(), CpuAffinity.threadsOutside(List.of(threads.toHandle()), "0"), "an ended process is skipped");
    }
}
