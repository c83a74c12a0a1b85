package dev.trainyard.tool.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MatrixTest {

    private static final List<String[]> FIVE_VARIANTS = List.of(new String[] {"tomcat", "platform"}, new String[] {"tomcat", "virtual"},
            new String[] {"jetty", "platform"}, new String[] {"jetty", "virtual"}, new String[] {"glassfish", "platform"});

    @Test
    void theDefaultRunCoversEveryStyleAtSeveralLoadsAndLeavesTimeToBuildWithinFifteenMinutes() {
        Options options = Options.parse(Map.of());
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
        Options options = Options.parse(Map.of("mode", "full"));
        List<CellSpec> cells = Matrix.cells(options, true);

        assertEquals(60, options.seconds());
        assertEquals(Options.ALL_PLANS.stream().filter(p -> !p.equals("cost")).map(p -> p + ".jmx").collect(Collectors.toSet()),
                cells.stream().map(CellSpec::plan).collect(Collectors.toSet()));
        CellSpec store = cells.stream().filter(c -> c.plan().equals("store.jmx")).findFirst().orElseThrow();
        assertEquals(400, store.users());
        assertEquals("10", store.props().get("loops"));
        assertTrue(cells.stream().anyMatch(c -> c.experiment().equals("sleep") && c.users() == 1000 && c.props().get("ms").equals("1500")));
    }

    @Test
    void usersReplaceTheLoadLevelsAndTheVirtualPoolNeedsVirtualThreads() {
        Options options = Options.parse(Map.of("plans", "offload", "users", "7,70"));

        List<CellSpec> platform = Matrix.cells(options, false);
        List<CellSpec> virtual = Matrix.cells(options, true);

        assertEquals(Set.of(7, 70), platform.stream().filter(c -> c.experiment().equals("offload")).map(CellSpec::users).collect(Collectors.toSet()));
        assertTrue(platform.stream().noneMatch(c -> c.style().equals("virtual")));
        assertEquals(platform.size() + 2, virtual.size());
        assertEquals(70, platform.get(platform.size() - 1).users(), "calibration runs at the highest load");
    }

    @Test
    void badOptionsAreRefusedWithWhatWasWrong() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Options.parse(Map.of("plans", "sleep,nap")));
        assertTrue(e.getMessage().contains("plans") && e.getMessage().contains("nap"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> Options.parse(Map.of("seconds", "0")));
        assertTrue(e.getMessage().contains("seconds"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> Options.parse(Map.of("client", "wrk", "plans", "store")));
        assertTrue(e.getMessage().contains("wrk cannot run store"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> Options.parse(Map.of("crosscheck", "yes")));
        assertTrue(e.getMessage().contains("crosscheck"), e.getMessage());
    }

    @Test
    void theBenchPresetRunsTheLeanClientOnEveryTrainPolicyAndASettingStillWins() {
        Map<String, String> given = new HashMap<>(Options.BENCH);
        given.put("servers", "jetty");
        Options options = Options.parse(given);
        assertEquals("wrk", options.client());
        assertEquals(List.of("jetty"), options.servers());
        assertEquals(15, options.seconds());
        assertTrue(!options.dashboards(), "wrk keeps no samples for a dashboard");
        Set<String> trainStyles = Matrix.cells(options, false).stream().filter(c -> c.experiment().equals("entry"))
                .map(CellSpec::style).filter(s -> s.startsWith("train")).collect(Collectors.toSet());
        assertEquals(Set.of("train", "train window", "train adaptive"), trainStyles);
    }

    @Test
    void theCostPlanIsOneCellAndNeedsNoCalibration() {
        List<CellSpec> cells = Matrix.cells(Options.parse(Map.of("plans", "cost", "cost.count", "20000")), false);
        assertEquals(1, cells.size());
        assertTrue(cells.get(0).cost());
        assertEquals("20000", cells.get(0).props().get("count"));
    }
}
