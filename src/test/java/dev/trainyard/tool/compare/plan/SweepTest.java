package dev.trainyard.tool.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.run.Tuning;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class SweepTest {

    @Test
    void theEqualSettingsComeFirstAndNoPairRunsTwice() {
        Sweep sweep = new Sweep(List.of(50, 200), List.of(20, 40));
        assertEquals(List.of(Tuning.AS_CONFIGURED, new Tuning(50, null), new Tuning(50, 40), new Tuning(null, 40)),
                sweep.points(true, 200, 20));
    }

    @Test
    void onVirtualThreadsOnlyThePoolVaries() {
        Sweep sweep = new Sweep(List.of(50, 200), List.of(20, 40));
        assertEquals(List.of(Tuning.AS_CONFIGURED, new Tuning(null, 40)), sweep.points(false, 200, 20));
    }

    @Test
    void noSweepRunsEachVariantOnceAsConfigured() {
        assertFalse(Sweep.NONE.on());
        assertEquals(List.of(Tuning.AS_CONFIGURED), Sweep.NONE.points(true, 200, 20));
    }

    @Test
    void aSweepAloneMeasuresTheEntryPlanAtItsHighestLoadWithinTheSharedMinimums() {
        Options sweep = Options.parse(Map.of("sweep", "true"));
        assertTrue(sweep.sweep().on());
        assertEquals(List.of("entry"), sweep.plans());
        assertEquals(400, sweep.users()[0]);
        assertEquals(List.of(50, 200), sweep.sweep().threads());
        Options named = Options.parse(Map.of("sweep", "true", "plans", "sleep", "sweep.pool", "10"));
        assertEquals(List.of("sleep"), named.plans());
        assertEquals(List.of(10), named.sweep().pools());
        assertFalse(Options.parse(Map.of()).sweep().on(), "the default run sweeps nothing");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Options.parse(Map.of("sweep", "true", "sweep.threads", "5")));
    }
}
