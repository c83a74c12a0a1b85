package dev.trainyard.tool.compare.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A run against its baseline: verdicts flipped only where both runs told the styles apart, and
 * every verdict only one run has listed; cells' changes beyond noise told by a method proven here
 * on known distributions — no more than its family-wise error where nothing changed, and a real
 * change found.
 */
class AgainstTest {

    /** One provider for the simulation's many objects: Json's own static methods look theirs up again on every call. */
    private static final JsonProvider JSON = JsonProvider.provider();

    @Test
    void aFlippedVerdictIsBeyondNoiseAndAChangeToUndecidedIsWithinIt() {
        JsonObject before = summary("before", List.of(verdict("tomcat/platform", "entry", 400, "train", 2.0, "STRONG"),
                verdict("tomcat/platform", "sleep", 1000, "async", 4.0, "STRONG"), verdict("jetty/platform", "entry", 50, null, 1.01, "UNDECIDED")),
                List.of());
        JsonObject after = summary("after", List.of(verdict("tomcat/platform", "entry", 400, "blocking", 2.0, "STRONG"),
                verdict("tomcat/platform", "sleep", 1000, null, 1.02, "UNDECIDED"), verdict("jetty/platform", "entry", 50, null, 1.015, "UNDECIDED")),
                List.of());
        Against against = Against.of(before, after);
        assertEquals(List.of(Against.VerdictChange.FLIPPED, Against.VerdictChange.WITHIN_NOISE, Against.VerdictChange.SAME),
                against.verdicts().stream().map(Against.Change::change).toList());
        assertEquals("tomcat/platform entry @400: FLIPPED train x2.000 -> blocking x2.000 (flipped beyond noise: both runs told the leader apart)",
                against.verdicts().get(0).line());
        assertTrue(against.counts().startsWith("1 verdict(s) the same, 1 flipped, 0 added, 0 removed"), against.counts());
        assertEquals("before", against.baseline());
    }

    @Test
    void aVerdictOnlyOneRunHasIsListedAsAddedOrRemovedAndALeaderBesideAnotherHasNotFlipped() {
        JsonObject before = summary("before", List.of(verdict("tomcat/platform", "sleep", 1000, "async", 4.0, "STRONG"),
                verdict("jetty/platform", "entry", 50, "async", 2.0, "STRONG"), verdict("jetty/platform", "store", 10, null, 1.0, "LEVEL")),
                List.of());
        JsonObject after = summary("after", List.of(verdict("jetty/platform", "entry", 50, "async or train", 2.0, "STRONG"),
                verdict("jetty/platform", "store", 10, "async", 1.1, "SLIGHT"), verdict("glassfish/platform", "entry", 50, null, 1.0, "WITHHELD")),
                List.of());
        Against against = Against.of(before, after);
        assertEquals(List.of(Against.VerdictChange.SAME, Against.VerdictChange.LEAD_AND_LEVEL, Against.VerdictChange.ADDED,
                Against.VerdictChange.REMOVED), against.verdicts().stream().map(Against.Change::change).toList());
        assertEquals("glassfish/platform entry @50: ADDED, withheld (added: the baseline did not ask it)", against.verdicts().get(2).line());
        assertEquals("tomcat/platform sleep @1000: REMOVED, was async x4.000 (removed: this run did not ask it)", against.verdicts().get(3).line());
    }

    @Test
    void aRankingsFirstPlaceFlipsOnlyWhereBothRunsToldTheVariantsApart() {
        JsonObject before = JSON.createObjectBuilder(summary("before", List.of(), List.of())).add("rankings", JSON.createArrayBuilder()
                .add(ranking("entry", "train", "tomcat/platform", "jetty/platform", "LEAD"))
                .add(ranking("sleep", "async", "tomcat/virtual", "jetty/virtual", "LEAD"))
                .add(ranking("hello", "blocking", "jetty/platform", "tomcat/platform", "LEVEL"))).build();
        JsonObject after = JSON.createObjectBuilder(summary("after", List.of(), List.of())).add("rankings", JSON.createArrayBuilder()
                .add(ranking("entry", "train", "jetty/platform", "tomcat/platform", "LEAD"))
                .add(ranking("sleep", "async", "jetty/virtual", "tomcat/virtual", "UNDECIDED"))
                .add(ranking("hello", "blocking", "jetty/platform", "tomcat/platform", "LEVEL"))).build();
        Against against = Against.of(before, after);
        assertEquals(List.of(Against.VerdictChange.FLIPPED, Against.VerdictChange.WITHIN_NOISE, Against.VerdictChange.SAME),
                against.rankings().stream().map(Against.Change::change).toList());
        assertEquals("entry @400 train: FLIPPED tomcat/platform x1.500 -> jetty/platform x1.500 (flipped beyond noise: both runs told the"
                + " leader apart)", against.rankings().get(0).line());
        assertTrue(against.lines().contains("- ranking " + against.rankings().get(0).line()), against.lines().toString());
        assertEquals(List.of(), Against.of(summary("v1", List.of(), List.of()), summary("v1", List.of(), List.of())).rankings(),
                "a summary without rankings (version 1) compares none");
    }

    private static JsonObject ranking(String experiment, String style, String first, String second, String step) {
        return JSON.createObjectBuilder().add("experiment", experiment).add("users", 400).add("style", style)
                .add("order", JSON.createArrayBuilder().add(first).add(second)).add("gaps", JSON.createArrayBuilder()
                        .add(JSON.createObjectBuilder().add("ahead", first).add("behind", second).add("ratio", 1.5).add("ratio_low", 1.2)
                                .add("ratio_high", 1.8).add("step", step))).build();
    }

    @Test
    void aCellOfOneTrialIsUntoldAndACellOnlyOneRunHasIsListed() {
        JsonObject before = summary("before", List.of(), List.of(cell("tomcat", "entry", "train", 400, 1000), cell("tomcat", "hello", "blocking", 10, 5000)));
        JsonObject after = summary("after", List.of(), List.of(cell("tomcat", "entry", "train", 400, 500), cell("jetty", "hello", "blocking", 10, 5000)));
        Against against = Against.of(before, after);
        assertEquals(List.of(Against.CellChange.UNTOLD, Against.CellChange.ADDED, Against.CellChange.REMOVED),
                against.cells().stream().map(Against.Cell::change).toList());
        assertEquals(0.5, against.cells().get(0).ratio(), 1e-9);
        assertNull(against.cells().get(0).p(), "one trial: not tested");
    }

    @Test
    void theBaselineOfASummaryOfVersionOneIsRead() {
        JsonObject old = Summaries.read(Path.of("src/test/resources/summaries/version-1.json"));
        Against against = Against.of(old, old);
        assertEquals(old.getJsonArray("verdicts").size(), against.count(Against.VerdictChange.SAME));
        assertEquals(old.getJsonArray("cells").size(), against.count(Against.CellChange.UNTOLD), "version 1 kept no trials");
    }

    /**
     * The method on known distributions: 80 cells of 4 trials each, each trial lognormal with 5%
     * spread, the two runs drawn alike. Over 400 such pairs of runs, a cell marked changed in no
     * more than the family-wise error's share of them (with room for the simulation's own
     * spread); and with one cell 40% lower in the run (what four trials against eighty cells can tell for sure; a smaller drop is found less often), that cell found lower in most of them and
     * no other marked.
     */
    @Test
    void beyondNoiseHoldsItsFamilyErrorWhereNothingChangedAndFindsARealDrop() {
        Random random = new Random(20261206);
        int pairs = 400;
        int falseAlarms = 0;
        int found = 0;
        int othersMarked = 0;
        for (int i = 0; i < pairs; i++) {
            Against same = Against.of(run("before", random, 80, 1.0), run("after", random, 80, 1.0));
            if (same.count(Against.CellChange.HIGHER) + same.count(Against.CellChange.LOWER) > 0) {
                falseAlarms++;
            }
            Against dropped = Against.of(run("before", random, 80, 1.0), run("after", random, 80, 0.60));
            found += dropped.cells().get(0).change() == Against.CellChange.LOWER ? 1 : 0;
            othersMarked += dropped.cells().stream().skip(1).filter(c -> c.change() == Against.CellChange.LOWER
                    || c.change() == Against.CellChange.HIGHER).count() > 0 ? 1 : 0;
        }
        // Binomial(400, 0.05) exceeds 30 with a chance of about 1 in 60; Holm's is at or below 0.05, so less.
        assertTrue(falseAlarms <= 30, falseAlarms + " of " + pairs + " runs alike had a cell marked changed");
        assertTrue(found >= pairs * 0.95, "a 40% drop found in " + found + " of " + pairs);
        assertTrue(othersMarked <= 30, othersMarked + " runs marked another cell");
    }

    @Test
    void welchIsCommonsMathsTTest() {
        double[] a = {6.9, 7.0, 7.1, 6.95};
        double[] b = {7.2, 7.3, 7.25, 7.4, 7.1};
        assertEquals(new org.apache.commons.math3.stat.inference.TTest().tTest(a, b), Welch.of(a, b).p(), 1e-12);
    }

    @Test
    void holmKeepsTheSmallestWhileEachIsUnderItsShare() {
        assertEquals(List.of("a", "b"), Against.holm(Map.of("a", 0.001, "b", 0.015, "c", 0.04, "d", 0.5)).stream().sorted().toList());
        assertEquals(List.of(), Against.holm(Map.of("a", 0.03, "b", 0.04)));
        assertEquals(List.of("a", "b"), Against.holm(Map.of("a", 0.02, "b", 0.03)).stream().sorted().toList());
        assertEquals(List.of(), Against.holm(Map.of("a", Double.NaN)));
    }

    /** A run of {@code cells} cells with four trials each around 1,000 req/s; the first cell's scaled by {@code first}. */
    private static JsonObject run(String id, Random random, int cells, double first) {
        List<JsonObject> each = new ArrayList<>();
        for (int c = 0; c < cells; c++) {
            double scale = c == 0 ? first : 1.0;
            double[] trials = IntStream.range(0, 4).mapToDouble(t -> 1000 * scale * Math.exp(0.05 * random.nextGaussian())).toArray();
            each.add(cell("tomcat", "entry" + c, "train", 400, trials));
        }
        return summary(id, List.of(), each);
    }

    static JsonObject summary(String id, List<JsonObject> verdicts, List<JsonObject> cells) {
        return JSON.createObjectBuilder().add("schema", Summaries.VERSION).add("run", JSON.createObjectBuilder().add("id", id))
                .add("cells", JSON.createArrayBuilder(cells)).add("verdicts", JSON.createArrayBuilder(verdicts)).build();
    }

    static JsonObject verdict(String variant, String experiment, int users, String winner, double ratio, String strength) {
        JsonObjectBuilder v = JSON.createObjectBuilder().add("variant", variant).add("experiment", experiment).add("users", users);
        (winner == null ? v.addNull("winner") : v.add("winner", winner)).add("ratio", ratio).add("strength", strength);
        return v.build();
    }

    /** A cell with the figures a threshold or a comparison reads: its trials' throughputs, p95 a tenth of a second. */
    static JsonObject cell(String server, String experiment, String style, int users, double... trials) {
        JsonArrayBuilder t = JSON.createArrayBuilder();
        Arrays.stream(trials).forEach(t::add);
        double median = Arrays.stream(trials).sorted().toArray()[(trials.length - 1) / 2];
        return JSON.createObjectBuilder().add("server", server).add("variant", "platform").add("experiment", experiment).add("style", style)
                .add("users", users).add("offered_rate", 0).add("throughput", median).add("p95_ms", 100.0).add("error_rate", 0.0)
                .add("trial_throughputs", t).build();
    }

    static String names(List<Threshold.Check> checks) {
        return checks.stream().map(Threshold.Check::line).collect(Collectors.joining("\n"));
    }
}
