package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.plan.Options;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** engines=: what the option takes and refuses, each engine's share, and how a partial run is told. */
public class RemoteEnginesTest {

    @Test
    void enginesAreAListOfRegistriesWithTheirKeysAndTheAddressTheyAnswerTo() {
        Options options = Options.parse(Map.of("engines", "127.0.0.1:19100, 10.0.0.7:19100"));
        assertEquals(List.of("127.0.0.1:19100", "10.0.0.7:19100"), options.engines().hosts());
        assertEquals("127.0.0.1", options.engines().callback());
        assertNull(Options.parse(Map.of()).engines(), "in-process JMeter by default");
    }

    @Test
    void badEnginesAreRefusedNamingTheOption() {
        IllegalArgumentException noPort = assertThrows(IllegalArgumentException.class, () -> Options.parse(Map.of("engines", "127.0.0.1")));
        assertTrue(noPort.getMessage().startsWith("engines is a list of host:port"), noPort.getMessage());
        IllegalArgumentException wrk = assertThrows(IllegalArgumentException.class,
                () -> Options.parse(Map.of("engines", "127.0.0.1:19100", "client", "wrk", "plans", "sleep")));
        assertTrue(wrk.getMessage().contains("client=jmeter"), wrk.getMessage());
    }

    @Test
    void aCellRunsOnAsManyEnginesAsShareItsUsersEvenly() {
        assertEquals(2, JMeterClient.enginesFor(50, 2));
        assertEquals(2, JMeterClient.enginesFor(50, 3), "50 users: 25 on each of two, not 17 on each of three");
        assertEquals(3, JMeterClient.enginesFor(300, 3));
        assertEquals(1, JMeterClient.enginesFor(1, 2), "one user runs on one engine");
        assertEquals(1, JMeterClient.enginesFor(7, 4), "a prime number of users on one");
        assertEquals(1, JMeterClient.enginesFor(0, 3), "an open cell (no users, one schedule) on one");
        assertEquals(1, JMeterClient.enginesFor(400, 1));
        assertEquals(1, JMeterClient.enginesFor(0, 2), "the open model's cells name no users");
    }

    @Test
    void aPartialRunNamesEachEngineAndWhy() {
        Map<String, String> missing = new LinkedHashMap<>();
        missing.put("127.0.0.1:19102", "did not answer: its share of the users never ran");
        missing.put("127.0.0.1:19104", "stopped answering during the run: its last samples are missing");
        assertEquals("partial: engine 127.0.0.1:19102 did not answer: its share of the users never ran; "
                + "engine 127.0.0.1:19104 stopped answering during the run: its last samples are missing",
                new RemoteEngines.Outcome(missing).describe());
    }
}
