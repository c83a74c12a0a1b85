package dev.trainyard.tool.compare.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.Sweep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** target=containers: its options, and the control group figures read from a host's /proc and /sys. */
public class ContainerTargetTest {

    @TempDir
    Path host;

    @Test
    void theContainerTargetNamesItsImagesAndMemoryAndAttachesToNoJvm() {
        Options options = Options.parse(Map.of("target", "containers"));
        assertTrue(options.packaged());
        assertFalse(options.remote());
        assertEquals(new Options.Containers("trainyard", "1536m"), options.containers());
        assertEquals("trainyard/jetty", ContainerDeployment.image(options.containers(), "jetty"));
        assertFalse(options.waits());
        assertFalse(options.threadCost());
        assertEquals(Sweep.NONE, options.sweep());
        Options.Containers mine = Options.parse(Map.of("target", "containers", "images", "registry.example/ops", "container.memory", "2g"))
                .containers();
        assertEquals("registry.example/ops/tomcat", ContainerDeployment.image(mine, "tomcat"));
        assertEquals("2g", mine.memory());
        assertFalse(Options.parse(Map.of()).packaged());
    }

    @Test
    void badInputIsOneMessageNamingTheOption() {
        IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
                () -> Options.parse(Map.of("target", "containers", "container.memory", "lots")));
        assertTrue(size.getMessage().startsWith("container.memory is a size"), size.getMessage());
        for (String needsProcesses : new String[] {"waits", "threadcost", "sweep"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Options.parse(Map.of("target", "containers", needsProcesses, "true")));
            assertTrue(e.getMessage().contains("target=processes"), e.getMessage());
        }
    }

    @Test
    void cgroupV2ReadsTheGroupsPeakAndCurrentMemory() throws Exception {
        write("proc/4242/cgroup", "0::/system.slice/docker-abc.scope\n");
        write("sys/system.slice/docker-abc.scope/memory.peak", "734003200\n");
        write("sys/system.slice/docker-abc.scope/memory.current", "524288000\n");
        ContainerCgroup cgroup = new ContainerCgroup(host.resolve("proc"), host.resolve("sys"));
        assertEquals(OptionalDouble.of(734003200), cgroup.memoryPeak(4242));
        assertEquals(OptionalDouble.of(524288000), cgroup.memoryNow(4242));
    }

    @Test
    void cgroupV1ReadsTheMemoryControllersHierarchyAndSkipsAnEmptyUnifiedOne() throws Exception {
        write("proc/77/cgroup", "12:cpu,cpuacct:/docker/def\n4:memory:/docker/def\n0::/docker/def\n");
        write("sys/memory/docker/def/memory.max_usage_in_bytes", "1000\n");
        write("sys/memory/docker/def/memory.usage_in_bytes", "900\n");
        ContainerCgroup cgroup = new ContainerCgroup(host.resolve("proc"), host.resolve("sys"));
        assertEquals(OptionalDouble.of(1000), cgroup.memoryPeak(77));
        assertEquals(OptionalDouble.of(900), cgroup.memoryNow(77));
    }

    @Test
    void aGoneProcessOrAnUnreadableGroupIsNotAFigure() throws Exception {
        ContainerCgroup cgroup = new ContainerCgroup(host.resolve("proc"), host.resolve("sys"));
        assertEquals(OptionalDouble.empty(), cgroup.memoryPeak(1));
        write("proc/5/cgroup", "0::/gone\n");
        assertEquals(OptionalDouble.empty(), cgroup.memoryPeak(5));
        write("proc/6/cgroup", "0::/odd\n");
        write("sys/odd/memory.peak", "max\n");
        assertEquals(OptionalDouble.empty(), cgroup.memoryPeak(6));
    }

    private void write(String relative, String text) throws Exception {
        Path file = host.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
