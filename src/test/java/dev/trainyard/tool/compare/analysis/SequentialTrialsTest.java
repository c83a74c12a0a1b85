package dev.trainyard.tool.compare.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.analysis.Verdicts.Strength;
import dev.trainyard.tool.compare.analysis.Verdicts.Verdict;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Trials;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * The sequential trials, simulated on known distributions: runs of a baseline and a challenger
 * whose true ratio is known, their trials drawn with a drift both share (the machine's) and a
 * noise each has of its own, looked at after three trials and after each further one up to eight
 * as the harness looks ({@link Verdicts#open}), until the verdict is no longer open. Seeded: the
 * same figures every time.
 */
class SequentialTrialsTest {

    /** Six looks, from three trials to eight: the most the method is proven for here. */
    private static final Trials TRIALS = new Trials(3, 8);
    /** The default run's: two looks, at three trials and at four. */
    private static final Trials DEFAULT = new Trials(3, 4);
    private static final Set<Strength> LEADS = EnumSet.of(Strength.STRONG, Strength.CLEAR, Strength.SLIGHT);
    private static final int RUNS = 2000;
    /** Each cell's own trial-to-trial spread. */
    private static final double NOISE = 0.03;

    @Test
    void equalStylesShowAFalseLeadInAtMostOneRunInTwenty() {
        for (Trials design : List.of(TRIALS, DEFAULT)) {
            for (Noise noise : Noise.values()) {
                Outcomes equal = simulate(design, 1.0, noise, 11);
                System.out.println("equal styles, " + design + ", " + noise + ": " + equal);
                assertTrue(equal.leads <= 0.05 * RUNS, design + ", " + noise + ": " + equal);
            }
        }
    }

    @Test
    void aTrueTenPercentLeadIsFoundInMostRunsAndAlmostNeverCalledLevel() {
        for (Trials design : List.of(TRIALS, DEFAULT)) {
            for (Noise noise : Noise.values()) {
                Outcomes lead = simulate(design, 1.10, noise, 12);
                System.out.println("a 10% lead, " + design + ", " + noise + ": " + lead);
                assertTrue(lead.found > 0.5 * RUNS, design + ", " + noise + ": " + lead);
                assertTrue(lead.reversed + lead.level <= 0.025 * RUNS, "twice outside the band: " + design + ", " + noise + ": " + lead);
                assertTrue(lead.meanTrials < design.most(), "a lead found stops before the most trials on average: " + lead);
            }
        }
    }

    @Test
    void aThreePercentLeadInsideTheBandIsRarelyTurnedTheOtherWay() {
        // Inside the band: level and a lead are both true of it; blocking ahead is not.
        Outcomes small = simulate(TRIALS, 1.03, Noise.NORMAL, 13);
        System.out.println("a 3% lead: " + small);
        assertTrue(small.reversed <= 0.025 * RUNS, small.toString());
        assertEquals(RUNS, small.leads + small.level + small.undecided, small.toString());
    }

    /**
     * Why the looks need Pocock's level: at 95% each, the same equal styles looked at six times
     * show a false lead far more often than one run in twenty. The simulation can tell.
     */
    @Test
    void lookingAtNinetyFivePercentEachTimeWouldInflateFalseLeads() {
        Random random = new Random(14);
        int naive = 0;
        int pocock = 0;
        for (int run = 0; run < RUNS; run++) {
            List<Double> b = new ArrayList<>();
            List<Double> c = new ArrayList<>();
            boolean naiveLead = false;
            boolean pocockLead = false;
            for (int n = 1; n <= TRIALS.most(); n++) {
                double drift = 1 + 0.2 * random.nextGaussian() / 3;
                b.add(1000 * drift * Math.exp(NOISE * random.nextGaussian()));
                c.add(1000 * drift * Math.exp(NOISE * random.nextGaussian()));
                if (n >= TRIALS.least()) {
                    naiveLead |= excludesOne(Interval.lead(Interval.at(0.95, array(c)), Interval.at(0.95, array(b))));
                    pocockLead |= excludesOne(Interval.lead(Interval.at(TRIALS.confidence(), array(c)), Interval.at(TRIALS.confidence(), array(b))));
                }
            }
            naive += naiveLead ? 1 : 0;
            pocock += pocockLead ? 1 : 0;
        }
        System.out.println("equal styles, six looks: " + naive + " false leads at 95% each, " + pocock + " at Pocock's level, in " + RUNS);
        assertTrue(naive > 0.09 * RUNS, "six looks at 95%: " + naive + " false leads in " + RUNS);
        assertTrue(pocock <= 0.05 * RUNS, "six looks at Pocock's level: " + pocock + " false leads in " + RUNS);
    }

    @Test
    void pococksLevelIsNinetyFivePercentForOneLookAndHigherForMore() {
        assertEquals(0.95, Trials.fixed(3).confidence(), 1e-3);
        assertEquals(0.9858, TRIALS.confidence(), 1e-3, "six looks: 2.453 standard errors each (Jennison and Turnbull, table 2.1)");
        assertTrue(new Trials(3, 12).confidence() > TRIALS.confidence());
    }

    @Test
    void theOpenVerdictsAreTheUndecidedOnesUnderTheirMostNearestToClosingFirst() {
        Map<CellSpec, List<CellResult>> trials = new LinkedHashMap<>();
        double[] base = {1000, 1000, 1000};
        pair(trials, TRIALS, "entry", 50, base, new double[] {1600, 700, 1200});
        pair(trials, TRIALS, "entry", 400, base, new double[] {1070, 1100, 1020});
        pair(trials, TRIALS, "sleep", 1000, base, new double[] {4800, 4900, 4700});
        pair(trials, new Trials(3, 3), "offload", 200, base, new double[] {1600, 700, 1200});
        assertEquals(List.of("entry 400", "entry 50"), Verdicts.open(trials).stream().map(g -> g.get(0).experiment() + " " + g.get(0).users())
                .toList(), "the narrow interval first, the wide one next; the lead and the cells at their most trials closed");
        assertEquals(List.of("blocking", "async"), Verdicts.open(trials).get(0).stream().map(CellSpec::style).toList(), "the whole verdict, paired");
    }

    /** A blocking and an async cell of one experiment and load, with these trials. */
    private static void pair(Map<CellSpec, List<CellResult>> trials, Trials planned, String experiment, int users, double[] blocking,
            double[] async) {
        for (String style : List.of("blocking", "async")) {
            CellSpec spec = CrossoverTest.cell("tomcat", experiment, style, users, 1).spec().repeated(planned);
            List<CellResult> runs = new ArrayList<>();
            for (double throughput : style.equals("blocking") ? blocking : async) {
                runs.add(trial(spec, throughput));
            }
            trials.put(spec, runs);
        }
    }

    private static boolean excludesOne(Interval lead) {
        return lead.low() > 1 || lead.high() < 1;
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** How each trial's own noise is drawn: normal on the log scale, or Student's t with 3 degrees of freedom (heavy tails). */
    private enum Noise {
        NORMAL, HEAVY_TAILED;

        DoubleSupplier draw(Random random) {
            return this == NORMAL ? random::nextGaussian : () -> {
                // t(3) scaled to unit variance (a t(3)'s is 3).
                double chi = 0;
                for (int i = 0; i < 3; i++) {
                    double z = random.nextGaussian();
                    chi += z * z;
                }
                return random.nextGaussian() / Math.sqrt(chi / 3) / Math.sqrt(3);
            };
        }
    }

    private record Outcomes(int leads, int found, int reversed, int level, int undecided, double meanTrials) {

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d leads (%d the true one's, %d the wrong way), %d level, %d undecided in %d runs;"
                    + " %.1f trials each on average", leads, found, reversed, level, undecided, RUNS, meanTrials);
        }
    }

    /** {@link #RUNS} runs of blocking against async at {@code ratio}, each until its verdict is closed or at the design's most trials. */
    private static Outcomes simulate(Trials design, double ratio, Noise noise, long seed) {
        Random random = new Random(seed);
        DoubleSupplier own = noise.draw(random);
        CellSpec blocking = CrossoverTest.cell("tomcat", "entry", "blocking", 50, 1).spec().repeated(design);
        CellSpec async = CrossoverTest.cell("tomcat", "entry", "async", 50, 1).spec().repeated(design);
        int leads = 0;
        int found = 0;
        int reversed = 0;
        int level = 0;
        int undecided = 0;
        long trials = 0;
        for (int run = 0; run < RUNS; run++) {
            Map<CellSpec, List<CellResult>> cells = new LinkedHashMap<>();
            cells.put(blocking, new ArrayList<>());
            cells.put(async, new ArrayList<>());
            for (int n = 1; n <= design.most(); n++) {
                // The machine's drift, shared by both cells of a trial: up to a fifth either way.
                double drift = 1 + 0.2 * random.nextGaussian() / 3;
                cells.get(blocking).add(trial(blocking, 1000 * drift * Math.exp(NOISE * own.getAsDouble())));
                cells.get(async).add(trial(async, 1000 * ratio * drift * Math.exp(NOISE * own.getAsDouble())));
                if (n >= design.least() && Verdicts.open(cells).isEmpty()) {
                    break;
                }
            }
            Verdict v = Verdicts.of(cells.values().stream().map(CellResult::combine).toList()).get(0);
            trials += v.trials();
            if (LEADS.contains(v.strength())) {
                leads++;
                found += "async".equals(v.winner()) && ratio > 1 ? 1 : 0;
                reversed += "blocking".equals(v.winner()) && ratio > 1 ? 1 : 0;
            } else if (v.strength() == Strength.LEVEL) {
                level++;
            } else {
                undecided++;
            }
        }
        return new Outcomes(leads, found, reversed, level, undecided, (double) trials / RUNS);
    }

    private static CellResult trial(CellSpec spec, double throughput) {
        CellResult r = CrossoverTest.cell("tomcat", spec.experiment(), spec.style(), spec.users(), throughput);
        return new CellResult(r.run(), spec, r.stats(), r.facts(), r.littleLimit(), null, null, r.results(), null, null, 0.5);
    }
}
