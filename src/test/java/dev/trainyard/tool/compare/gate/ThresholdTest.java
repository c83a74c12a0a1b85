package dev.trainyard.tool.compare.gate;

import static dev.trainyard.tool.compare.gate.AgainstTest.cell;
import static dev.trainyard.tool.compare.gate.AgainstTest.summary;
import static dev.trainyard.tool.compare.gate.AgainstTest.verdict;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The thresholds a team writes: read from their text, each checked on a run's cells by its name, and a wrong one refused. */
class ThresholdTest {

    private final JsonObject run = summary("run", List.of(verdict("tomcat/platform", "entry", 400, "train", 2.0, "STRONG")), List.of(
            cell("tomcat", "entry", "train", 400, 3000), cell("tomcat", "entry", "blocking", 400, 1500),
            with(cell("jetty", "entry", "train", 400, 2800), "p95_ms", 300.0), with(cell("jetty", "hello", "blocking", 10, 9000), "error_rate", 0.002)));

    @Test
    void aFigureIsReadInItsUnitsAndSelectsTheCellsItsWordsName() {
        List<Threshold> t = Threshold.parse("p95<250ms@entry/train/400, p99<=0.5s, throughput>=2000/s@tomcat/train, errors<0.1%, max>3");
        assertEquals(List.of("p95<250ms@entry/train/400", "p99<=0.5s", "throughput>=2000/s@tomcat/train", "errors<0.1%", "max>3"),
                t.stream().map(Threshold::name).toList());
        assertEquals(250, t.get(0).limit());
        assertEquals(500, t.get(1).limit());
        assertEquals(0.001, t.get(3).limit(), 1e-12);
        assertEquals(List.of("entry", "train", "400"), t.get(0).where());
        assertTrue(t.get(0).selects(cell("tomcat", "entry", "train", 400, 1)));
        assertFalse(t.get(0).selects(cell("tomcat", "entry", "async", 400, 1)));
        assertTrue(Threshold.parse("p95<1@platform").get(0).selects(cell("glassfish", "store c4 r2dbc", "async", 10, 1)), "a thread model");
        assertTrue(Threshold.parse("p95<1@store/r2dbc").get(0).selects(cell("glassfish", "store c4 r2dbc", "async", 10, 1)), "a word of the experiment");
    }

    @Test
    void eachIsCheckedOnItsCellsAndABrokenOneNamesTheCellsThatBrokeIt() {
        Judgement j = Judgement.of(run, null, Threshold.parse("p95<250ms@entry/train/400,throughput>=2000@train,errors<0.1%,p95<250ms@tomcat"));
        assertEquals(List.of(false, true, false, true), j.checks().stream().map(Threshold.Check::holds).toList(), AgainstTest.names(j.checks()));
        assertEquals("BROKEN: p95<250ms@entry/train/400: 1 of 2 cells: jetty/platform entry train @400 300.0 ms", j.checks().get(0).line());
        assertEquals("held: throughput>=2000@train: 2 cells; the nearest the limit jetty/platform entry train @400 2800 req/s", j.checks().get(1).line());
        assertTrue(j.checks().get(2).account().contains("jetty/platform hello blocking @10 0.200%"), j.checks().get(2).account());
        assertTrue(j.figureBroken());
        assertFalse(j.baselineBroken());
        JsonObject written = j.into(run);
        assertEquals(4, written.getJsonArray("thresholds").size());
        assertEquals("p95<250ms@entry/train/400", written.getJsonArray("thresholds").getJsonObject(0).getString("name"));
    }

    @Test
    void aThresholdThatSelectsNoCellIsBrokenSoThatAMisspeltOneCannotPass() {
        Threshold.Check check = Threshold.parse("p95<250ms@entyr").get(0).check(run, null);
        assertFalse(check.holds());
        assertEquals("BROKEN: p95<250ms@entyr: no cell matches entyr", check.line());
    }

    @Test
    void noFlipAndNoRegressionAreJudgedAgainstTheBaselineAndNeedOne() {
        JsonObject baseline = summary("base", List.of(verdict("tomcat/platform", "entry", 400, "blocking", 1.5, "CLEAR")), List.of(
                cell("tomcat", "entry", "train", 400, 3000, 3010, 2990, 3005), cell("tomcat", "entry", "blocking", 400, 1500, 1490, 1510, 1500)));
        JsonObject now = summary("now", List.of(verdict("tomcat/platform", "entry", 400, "train", 2.0, "STRONG")), List.of(
                cell("tomcat", "entry", "train", 400, 1500, 1490, 1510, 1505), cell("tomcat", "entry", "blocking", 400, 1500, 1495, 1505, 1500)));
        Judgement j = Judgement.of(now, baseline, Threshold.parse("no-flip,no-regression"));
        assertEquals("BROKEN: no-flip: 1 flipped against base: tomcat/platform entry @400", j.checks().get(0).line());
        assertTrue(j.checks().get(1).line().startsWith("BROKEN: no-regression: 1 cells lower beyond noise than in base: tomcat/platform entry train @400 x0.50"),
                j.checks().get(1).line());
        assertTrue(j.baselineBroken());
        assertFalse(j.figureBroken());
        assertTrue(Judgement.of(baseline, baseline, Threshold.parse("no-flip,no-regression")).checks().stream().allMatch(Threshold.Check::holds));
        assertThrows(IllegalArgumentException.class, () -> Threshold.parse("no-flip").get(0).check(now, null));
    }

    @Test
    void aThresholdThatIsNotOneIsRefusedSayingHowToWriteIt() {
        for (String wrong : List.of("p95 under 250", "p97<3", "p95<250ms@", "errors<1ms", "throughput>10ms", "p95=3")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Threshold.parse(wrong), wrong);
            assertTrue(e.getMessage().startsWith("assert: "), e.getMessage());
        }
        assertEquals(List.of(), Threshold.parse(""));
    }

    private static JsonObject with(JsonObject cell, String name, double value) {
        return Json.createObjectBuilder(cell).add(name, value).build();
    }
}
