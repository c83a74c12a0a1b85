package dev.trainyard.train;

import static dev.trainyard.train.ScriptedSource.keys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchPolicyTest {

    private static final long MS = 1_000_000L;

    private static List<Job<Integer, String>> next(BatchPolicy policy, ScriptedSource source) throws InterruptedException {
        List<Job<Integer, String>> batch = new ArrayList<>();
        policy.next(source, batch);
        return batch;
    }

    @Test
    void naturalSendsALoneRequestAtOnce() throws Exception {
        ScriptedSource source = new ScriptedSource().at(10 * MS, 1);
        assertEquals(List.of(1), keys(next(new NaturalPolicy(100), source)));
        assertEquals(10 * MS, source.nanoTime(), "departed the moment it arrived: no low-traffic penalty");
    }

    @Test
    void naturalTakesEveryoneWaitingUpToTheMaximum() throws Exception {
        ScriptedSource source = new ScriptedSource().at(0, 1, 2, 3, 4, 5, 6, 7).at(1 * MS, 8);
        NaturalPolicy policy = new NaturalPolicy(5);
        assertEquals(List.of(1, 2, 3, 4, 5), keys(next(policy, source)));
        assertEquals(List.of(6, 7), keys(next(policy, source)), "does not wait for later arrivals");
        assertEquals(0, source.nanoTime());
        assertEquals(List.of(8), keys(next(policy, source)));
    }

    @Test
    void windowMakesALoneRequestWaitTheWholeInterval() throws Exception {
        ScriptedSource source = new ScriptedSource().at(10 * MS, 1);
        assertEquals(List.of(1), keys(next(new WindowPolicy(5, 50 * MS), source)));
        assertEquals(60 * MS, source.nanoTime(), "the original E3's low-traffic penalty: 50 ms");
    }

    @Test
    void windowDepartsWhenFull() throws Exception {
        ScriptedSource source = new ScriptedSource().at(0, 1).at(2 * MS, 2, 3).at(7 * MS, 4, 5, 6);
        assertEquals(List.of(1, 2, 3, 4, 5), keys(next(new WindowPolicy(5, 50 * MS), source)));
        assertEquals(7 * MS, source.nanoTime(), "left with the fifth job, not at the end of the window");
    }

    @Test
    void windowDepartsAtTheIntervalWithWhoeverCame() throws Exception {
        ScriptedSource source = new ScriptedSource().at(0, 1).at(20 * MS, 2).at(49 * MS, 3).at(51 * MS, 4);
        WindowPolicy policy = new WindowPolicy(5, 50 * MS);
        assertEquals(List.of(1, 2, 3), keys(next(policy, source)));
        assertEquals(50 * MS, source.nanoTime());
        assertEquals(List.of(4), keys(next(policy, source)));
    }

    @Test
    void adaptiveSendsAloneAtLowTraffic() throws Exception {
        AdaptivePolicy policy = new AdaptivePolicy(5, 50 * MS);
        ScriptedSource quiet = new ScriptedSource().at(100 * MS, 1).at(101 * MS, 2);
        policy.arrived(100 * MS);
        policy.arrived(101 * MS);
        assertEquals(List.of(1), keys(next(policy, quiet)), "two arrivals in 50 ms: depart alone");
        assertEquals(100 * MS, quiet.nanoTime(), "and at once");
    }

    @Test
    void adaptiveGathersFullBatchesAtHighTraffic() throws Exception {
        AdaptivePolicy policy = new AdaptivePolicy(5, 50 * MS);
        ScriptedSource busy = new ScriptedSource();
        for (int i = 0; i < 8; i++) {
            policy.arrived(i * MS);
            busy.at(i * MS, i);
        }
        busy.advanceTo(8 * MS);
        assertTrue(policy.busy(8 * MS));
        assertEquals(List.of(0, 1, 2, 3, 4), keys(next(policy, busy)), "eight in 8 ms: a full batch");
    }

    @Test
    void arrivalRateForgetsWhatIsOlderThanTheWindow() {
        ArrivalRate rate = new ArrivalRate(50 * MS);
        for (int i = 0; i < 10; i++) {
            rate.arrived(i * MS);
        }
        assertEquals(10, rate.inWindow(10 * MS));
        assertEquals(0, rate.inWindow(200 * MS));
        rate.arrived(200 * MS);
        assertEquals(1, rate.inWindow(201 * MS));
        assertFalse(new AdaptivePolicy(5, 50 * MS).busy(0));
    }
}
