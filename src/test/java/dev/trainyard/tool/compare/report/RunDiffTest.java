package dev.trainyard.tool.compare.report;

import static dev.trainyard.tool.compare.analysis.CrossoverTest.cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Verdicts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class RunDiffTest {

    @TempDir
    Path runs;

    @Test
    void aFlippedVerdictIsBeyondNoiseAndATieIsWithinIt() throws Exception {
        Path before = write("before", List.of(cell("tomcat", "entry", "blocking", 400, 1000), cell("tomcat", "entry", "train", 400, 2000),
                cell("tomcat", "sleep", "blocking", 1000, 1000), cell("tomcat", "sleep", "async", 1000, 4000),
                cell("jetty", "entry", "blocking", 50, 1000), cell("jetty", "entry", "async", 50, 1010)));
        Path after = write("after", List.of(cell("tomcat", "entry", "blocking", 400, 2000), cell("tomcat", "entry", "train", 400, 1000),
                cell("tomcat", "sleep", "blocking", 1000, 1000), cell("tomcat", "sleep", "async", 1000, 1020),
                cell("jetty", "entry", "blocking", 50, 1000), cell("jetty", "entry", "async", 50, 1015)));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        int flipped = RunDiff.print(before, after, new PrintStream(text, true, StandardCharsets.UTF_8));
        String said = text.toString(StandardCharsets.UTF_8);
        assertEquals(1, flipped, said);
        assertTrue(said.contains("tomcat/platform entry @400: FLIPPED train x2.000 -> blocking x2.000"), said);
        assertTrue(said.contains("tomcat/platform sleep @1000: async x4.000 -> undecided, within noise"), said);
        assertTrue(said.contains("1 verdict(s) the same, 1 flipped, 0 added, 0 removed."), said);
    }

    @Test
    void aVerdictOnlyOneRunHasIsListedAsAddedOrRemoved() throws Exception {
        Path before = write("before", List.of(cell("tomcat", "entry", "blocking", 400, 1000), cell("tomcat", "entry", "train", 400, 2000),
                cell("tomcat", "sleep", "blocking", 1000, 1000), cell("tomcat", "sleep", "async", 1000, 4000)));
        Path after = write("after", List.of(cell("tomcat", "entry", "blocking", 400, 1000), cell("tomcat", "entry", "train", 400, 2000),
                cell("jetty", "entry", "blocking", 50, 1000), cell("jetty", "entry", "async", 50, 1010)));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        int flipped = RunDiff.print(before, after, new PrintStream(text, true, StandardCharsets.UTF_8));
        String said = text.toString(StandardCharsets.UTF_8);
        assertEquals(0, flipped, said);
        assertTrue(said.contains("- jetty/platform entry @50: ADDED, undecided (the earlier run did not ask it)"), said);
        assertTrue(said.contains("- tomcat/platform sleep @1000: REMOVED, was async x4.000 (this run did not ask it)"), said);
        assertTrue(said.contains("1 verdict(s) the same, 0 flipped, 1 added, 1 removed."), said);
    }

    @Test
    void aLeaderNamedAloneInOneRunAndBesideAnotherInTheOtherHasNotFlipped() throws Exception {
        Path before = write("before", List.of(cell("jetty", "entry", "blocking", 50, 1000), cell("jetty", "entry", "async", 50, 2000),
                cell("jetty", "entry", "train", 50, 1300)));
        Path after = write("after", List.of(cell("jetty", "entry", "blocking", 50, 1000), cell("jetty", "entry", "async", 50, 2000),
                cell("jetty", "entry", "train", 50, 2050)));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        int flipped = RunDiff.print(before, after, new PrintStream(text, true, StandardCharsets.UTF_8));
        assertEquals(0, flipped, text.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aRunFromBeforeTrialsWereSetAsideStillCompares() throws Exception {
        Path before = Files.createDirectories(runs.resolve("before"));
        Files.write(before.resolve("verdicts.csv"), List.of(RunDiff.COLUMNS, "tomcat/platform,entry,400,train,2.000,STRONG,1.900,2.100"),
                StandardCharsets.UTF_8);
        Path after = write("after", List.of(cell("tomcat", "entry", "blocking", 400, 1000), cell("tomcat", "entry", "train", 400, 2000)));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        assertEquals(0, RunDiff.print(before, after, new PrintStream(text, true, StandardCharsets.UTF_8)));
        assertTrue(text.toString(StandardCharsets.UTF_8).contains("1 verdict(s) the same"), text.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aLeadInOneRunAndLevelInTheOtherIsSaidButNotCountedAFlipAndATieFromBeforeIsUndecided() throws Exception {
        Path before = Files.createDirectories(runs.resolve("before"));
        Files.write(before.resolve("verdicts.csv"), List.of(RunDiff.COLUMNS,
                "tomcat/platform,entry,50,async,1.100,SLIGHT,1.050,1.150",
                "jetty/platform,entry,50,,1.010,TIE,0.900,1.120",
                "jetty/platform,store,10,,1.000,LEVEL,0.980,1.020"), StandardCharsets.UTF_8);
        Path after = Files.createDirectories(runs.resolve("after"));
        Files.write(after.resolve("verdicts.csv"), List.of(RunDiff.HEADER,
                "tomcat/platform,entry,50,,1.010,LEVEL,0.990,1.030,0,6",
                "jetty/platform,entry,50,,1.020,UNDECIDED,0.800,1.200,0,3",
                "jetty/platform,store,10,,1.010,UNDECIDED,0.900,1.100,0,3"), StandardCharsets.UTF_8);
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        assertEquals(0, RunDiff.print(before, after, new PrintStream(text, true, StandardCharsets.UTF_8)));
        String said = text.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("- tomcat/platform entry @50: async x1.100 -> level: one run found a lead, the other every style level (within 5%)"),
                said);
        assertTrue(said.contains("- jetty/platform store @10: level -> undecided, within noise"), said);
        assertTrue(said.contains("1 verdict(s) the same, 0 flipped"), said);
    }

    private Path write(String name, List<CellResult> cells) throws Exception {
        Path dir = Files.createDirectories(runs.resolve(name));
        Files.write(dir.resolve("verdicts.csv"), RunDiff.csv(Verdicts.of(cells)), StandardCharsets.UTF_8);
        return dir;
    }
}
