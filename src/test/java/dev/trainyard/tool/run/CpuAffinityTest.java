package dev.trainyard.tool.run;

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
}
