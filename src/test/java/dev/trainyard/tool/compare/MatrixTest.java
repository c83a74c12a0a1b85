package dev.trainyard.tool.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MatrixTest {

    private static final List<String[]> FIVE_VARIANTS = List.of(new String[] {"tomcat", "platform"}, new String[] {"tomcat", "virtual"},
            new String[] {"jetty", "platform"}, new String[] {"jetty", "virtual"}, new String[] {"glassfish", "platform"});

    @AfterEach
    void clear() {
        for (String p : List.of("compare.mode", "compare.plans", "compare.users", "compare.seconds")) {
            System.clearProperty(p);
        }
    }

    @Test
    void theDefaultRunCoversEveryStyleAtSeveralLoadsAndLeavesTimeToBuildWithinFifteenMinutes() {
        Options options = Options.fromSystemProperties();
        List<CellSpec> cells = Matrix.cells(options, true);

        Set<String> entryStyles = cells.stream().filter(c -> c.experiment().equals("entry")).map(CellSpec::style).collect(Collectors.toSet());
        assertEquals(Set.of("blocking", "async", "train"), entryStyles);
        assertEquals(Set.of(1, 50, 400), cells.stream().filter(c -> c.experiment().equals("entry")).map(CellSpec::users).collect(Collectors.toSet()));
        assertEquals(Set.of(200, 1000), cells.stream().filter(c -> c.experiment().equals("sleep")).map(CellSpec::users).collect(Collectors.toSet()));
        assertEquals("calibration", cells.get(cells.size() - 1).experiment(), "the generator is calibrated last, warm");
        long seconds = Progress.estimateSeconds(options, FIVE_VARIANTS);
        assertTrue(seconds <= 11 * 60, "the default cells plan " + seconds + " s; the build and the dashboards need the rest of 15 minutes");
    }

    @Test
    void fullModeRunsEveryPlanAtTheSeedsLoadsAndLengths() {
        System.setProperty("compare.mode", "full");
        Options options = Options.fromSystemProperties();
        List<CellSpec> cells = Matrix.cells(options, true);

        assertEquals(60, options.seconds());
        assertEquals(Options.ALL_PLANS.stream().map(p -> p + ".jmx").collect(Collectors.toSet()),
                cells.stream().map(CellSpec::plan).collect(Collectors.toSet()));
        CellSpec store = cells.stream().filter(c -> c.plan().equals("store.jmx")).findFirst().orElseThrow();
        assertEquals(400, store.users());
        assertEquals("10", store.props().get("loops"));
        assertTrue(cells.stream().anyMatch(c -> c.experiment().equals("sleep") && c.users() == 1000 && c.props().get("ms").equals("1500")));
    }

    @Test
    void usersReplaceTheLoadLevelsAndTheVirtualPoolNeedsVirtualThreads() {
        System.setProperty("compare.plans", "offload");
        System.setProperty("compare.users", "7,70");
        Options options = Options.fromSystemProperties();

        List<CellSpec> platform = Matrix.cells(options, false);
        List<CellSpec> virtual = Matrix.cells(options, true);

        assertEquals(Set.of(7, 70), platform.stream().filter(c -> c.experiment().equals("offload")).map(CellSpec::users).collect(Collectors.toSet()));
        assertTrue(platform.stream().noneMatch(c -> c.style().equals("virtual")));
        assertEquals(platform.size() + 2, virtual.size());
        assertEquals(70, platform.get(platform.size() - 1).users(), "calibration runs at the highest load");
    }

    @Test
    void badOptionsAreRefusedWithWhatWasWrong() {
        System.setProperty("compare.plans", "sleep,nap");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Options::fromSystemProperties);
        assertTrue(e.getMessage().contains("compare.plans") && e.getMessage().contains("nap"), e.getMessage());

        System.clearProperty("compare.plans");
        System.setProperty("compare.seconds", "0");
        e = assertThrows(IllegalArgumentException.class, Options::fromSystemProperties);
        assertTrue(e.getMessage().contains("compare.seconds"), e.getMessage());
    }
}
