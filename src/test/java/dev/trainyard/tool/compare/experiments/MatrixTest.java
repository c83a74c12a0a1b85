package dev.trainyard.tool.compare.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.measure.Progress;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Option;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.plan.Trials;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

public class MatrixTest {

    private static final List<ServerRun> FIVE_VARIANTS = List.of(ServerRun.of("tomcat", ThreadModel.PLATFORM),
            ServerRun.of("tomcat", ThreadModel.VIRTUAL), ServerRun.of("jetty", ThreadModel.PLATFORM), ServerRun.of("jetty", ThreadModel.VIRTUAL),
            ServerRun.of("glassfish", ThreadModel.PLATFORM));

    @Test
    void theDefaultRunCoversTheFiveExperimentsWithTrialsWithinItsBudget() {
        Options options = Options.parse(Map.of());
        List<CellSpec> platform = Matrix.cells(options, ThreadModel.PLATFORM, true);
        List<CellSpec> virtual = Matrix.cells(options, ThreadModel.VIRTUAL, true);

        assertEquals(new Trials(3, 4), options.trials());
        assertEquals(10, options.extraTrials());
        Set<String> plans = platform.stream().map(CellSpec::plan).collect(Collectors.toSet());
        assertEquals(Set.of("sleep.jmx", "offload.jmx", "entry.jmx", "store.jmx", "products.jmx", "open.jmx", "hello.jmx"), plans,
                "the five experiments, sleep and entry at a fixed rate too, and the calibration on hello");
        Set<String> entryStyles = platform.stream().filter(c -> c.experiment().equals("entry")).map(CellSpec::style).collect(Collectors.toSet());
        assertEquals(Set.of("blocking", "async", "train"), entryStyles);
        assertEquals(Set.of(1, 50, 400), platform.stream().filter(c -> c.experiment().equals("entry")).map(CellSpec::users).collect(Collectors.toSet()));
        assertEquals(Set.of(50, 400), virtual.stream().filter(c -> c.experiment().equals("entry")).map(CellSpec::users).collect(Collectors.toSet()),
                "one user at a time needs no thread model");
        assertTrue(platform.stream().filter(c -> c.experiment().startsWith("store")).noneMatch(CellSpec::loopBound),
                "the default's store cells are timed like the others, so the budget holds");
        assertEquals(Set.of("sleep.jmx", "entry.jmx", "open.jmx", "hello.jmx"), virtual.stream().map(CellSpec::plan).collect(Collectors.toSet()),
                "the virtual variants repeat what threads change");
        assertEquals("calibration", platform.get(platform.size() - 1).experiment(), "the generator is calibrated last, warm");
        assertEquals(Set.of(new Trials(3, 4)), platform.stream().filter(c -> !c.calibration() && !c.cost() && !c.open())
                .map(CellSpec::trials).collect(Collectors.toSet()), "every closed cell three trials, more while its verdict is open");
        long seconds = Progress.estimateSeconds(options, FIVE_VARIANTS, true);
        // The estimate counts what a default run measured here (its last line says where its time went), every further
        // trial of the budget spent: a plan that grows past that takes longer than docs/compare.md says.
        assertTrue(seconds <= 26 * 60, "the default run plans " + seconds + " s, beyond the 26 minutes docs/compare.md gives it at most");
    }

    @Test
    void sleepAndEntryAreOfferedAtAShareOfTheirPeakOnceTheirClosedCellsHaveRun() {
        List<CellSpec> cells = Matrix.cells(Options.parse(Map.of()), ThreadModel.PLATFORM, true);
        List<CellSpec> open = cells.stream().filter(CellSpec::open).toList();
        assertEquals(List.of("open sleep blocking", "open sleep async", "open entry blocking", "open entry async", "open entry train"),
                open.stream().map(c -> c.experiment() + " " + c.style()).toList());
        // The rate waits for the peak; every closed cell of the work runs before the first open one.
        assertTrue(open.stream().allMatch(c -> c.rate() == 0 && c.peakOf() != null && c.trials().equals(Trials.fixed(1))));
        int firstOpen = cells.indexOf(open.get(0));
        assertTrue(cells.subList(firstOpen, cells.size()).stream().noneMatch(c -> !c.open() && !c.calibration()));
        assertEquals(List.of("blocking/sleep?ms=200", "async/sleep?ms=200"), open.subList(0, 2).stream().map(c -> c.props().get("path")).toList());
        // The entry's views are audited after an open cell as after a closed one.
        assertEquals(List.of(false, false, true, true, true), open.stream().map(CellSpec::writesEntries).toList());
        // A rate given is every open cell's; with no closed plan beside it, only a given rate opens a work.
        assertEquals(Set.of(300), Matrix.cells(Options.parse(Map.of("rate", "300")), ThreadModel.PLATFORM, true).stream().filter(CellSpec::open)
                .map(CellSpec::rate).collect(Collectors.toSet()));
        assertEquals(List.of(), Matrix.cells(Options.parse(Map.of("plans", "offload,open")), ThreadModel.PLATFORM, true).stream()
                .filter(CellSpec::open).toList());
        assertEquals(2, Matrix.cells(Options.parse(Map.of("plans", "open", "rate", "50")), ThreadModel.PLATFORM, true).stream()
                .filter(CellSpec::open).filter(c -> c.experiment().equals("open sleep")).count());
    }

    @Test
    void oneTrialStaysOneEverywhere() {
        Options options = Options.parse(Map.of("mode", "smoke"));
        assertEquals(Set.of(Trials.fixed(1)), Matrix.cells(options, ThreadModel.PLATFORM, true).stream().map(CellSpec::trials)
                .collect(Collectors.toSet()));
        assertEquals(0, options.extraTrials(), "one trial has no interval to look at again");
        assertEquals(Trials.fixed(1), Options.parse(Map.of("mode", "smoke", "trials.most", "5")).trials());
    }

    @Test
    void smokeRunsTheStorePlanOnceOnThreeQueries() {
        List<CellSpec> store = Matrix.cells(Options.parse(Map.of("mode", "smoke", "plans", "store")), ThreadModel.PLATFORM, true).stream()
                .filter(c -> c.experiment().startsWith("store")).toList();
        // CI's smoke run crosses the web style with the driver: each query's 2x2.
        assertEquals(List.of("store s2", "store s2", "store s2 r2dbc", "store s2 r2dbc", "store c4", "store c4", "store c4 r2dbc", "store c4 r2dbc"),
                store.stream().map(CellSpec::experiment).toList());
        assertEquals(List.of("blocking/store/s2?productId=7", "async/store/s2?productId=7", "blocking/r2dbc/store/s2?productId=7",
                "async/r2dbc/store/s2?productId=7"), store.subList(0, 4).stream().map(CellSpec::path).toList());
        assertEquals(List.of("blocking", "async", "blocking/r2dbc", "async/r2dbc"),
                store.subList(0, 4).stream().map(c -> c.props().get("style")).toList(), "the plan's path prefix");
        assertTrue(store.stream().allMatch(c -> c.loopBound() && c.props().get("loops").equals("1")), "one loop each");
    }

    @Test
    void wrkMeasuresTheClosedCellsFromLeanFromUsersWhereJMeterWouldMeasureItself() {
        Options asIs = Options.parse(Map.of());
        assertEquals(1, asIs.leanFrom());
        List<CellSpec> cells = Matrix.cells(asIs, ThreadModel.PLATFORM, true);
        for (CellSpec c : cells) {
            boolean jmeters = c.calibration() || c.open() || c.loopBound() || c.experiment().startsWith("store");
            assertEquals(!jmeters, c.measuredLean(asIs), c.label() + ": wrk for every closed, timed cell one URL can drive");
        }
        assertTrue(cells.stream().anyMatch(c -> c.experiment().equals("store s2") && !c.measuredLean(asIs)),
                "the store's S2 stays JMeter's: its plan draws a product per request, one URL cannot");
        assertTrue(cells.stream().anyMatch(c -> c.experiment().equals("entry") && c.users() == 1 && c.measuredLean(asIs)),
                "a lone user's entry too: JMeter's time per request sits in its loop");
        Options smoke = Options.parse(Map.of("mode", "smoke"));
        assertTrue(Matrix.cells(smoke, ThreadModel.PLATFORM, true).stream().noneMatch(c -> c.measuredLean(smoke)),
                "a smoke run proves the plans: JMeter's alone");
        Options options = Options.parse(Map.of("lean.from", "200"));
        List<CellSpec> platform = Matrix.cells(options, ThreadModel.PLATFORM, true);
        assertTrue(platform.stream().filter(c -> c.measuredLean(options)).allMatch(c -> c.users() >= 200 && !c.loopBound() && !c.open()),
                "closed, timed, from 200 users");
        Options jmeter = Options.parse(Map.of("lean.from", "0"));
        assertTrue(Matrix.cells(jmeter, ThreadModel.PLATFORM, true).stream().noneMatch(c -> c.measuredLean(jmeter)), "0: JMeter's alone");
        Options wrk = Options.parse(Map.of("client", "wrk", "plans", "sleep,entry"));
        assertTrue(Matrix.cells(wrk, ThreadModel.PLATFORM, true).stream().noneMatch(c -> c.measuredLean(wrk)), "a wrk run is wrk's already");
        Options engines = Options.parse(Map.of("engines", "127.0.0.1:19100"));
        assertTrue(Matrix.cells(engines, ThreadModel.PLATFORM, true).stream().noneMatch(c -> c.measuredLean(engines)),
                "remote engines: the client is not this machine's");
        Options elsewhere = Options.parse(Map.of("target", "url", "url", "http://10.0.0.5:8080/trainyard"));
        assertTrue(Matrix.cells(elsewhere, ThreadModel.PLATFORM, true).stream().noneMatch(c -> c.measuredLean(elsewhere)),
                "a deployment on another machine: wrk loads 127.0.0.1 alone");
        Options here = Options.parse(Map.of("target", "url", "url", "http://127.0.0.1:8080/trainyard"));
        assertTrue(Matrix.cells(here, ThreadModel.PLATFORM, true).stream().anyMatch(c -> c.measuredLean(here)), "a deployment on this one");
    }

    @Test
    void smokeRunsTheProductsPlanOnceSoASlowDownloadStillAnswers() {
        List<CellSpec> products = Matrix.cells(Options.parse(Map.of("mode", "smoke", "plans", "products")), ThreadModel.PLATFORM, true)
                .stream().filter(c -> c.experiment().startsWith("products")).toList();
        assertEquals(List.of("products 10000", "products 10000", "products 10000 r2dbc", "products 10000 r2dbc"),
                products.stream().map(CellSpec::experiment).toList());
        assertTrue(products.stream().allMatch(c -> c.loopBound() && c.props().get("loops").equals("1")),
                "a timed smoke cell shorter than one blocking R2DBC download ends with no answer on a slow machine");
        assertTrue(Matrix.cells(Options.parse(Map.of("plans", "products")), ThreadModel.PLATFORM, true).stream()
                .filter(c -> c.experiment().startsWith("products")).noneMatch(CellSpec::loopBound), "the default times them");
    }

    @Test
    void theDefaultRunKeepsToJdbcUnlessTheDriverAxisIsAskedFor() {
        assertEquals(List.of("store s2", "store s2", "store s4", "store s4"), store(Map.of("plans", "store")));
        assertEquals(8, store(Map.of("plans", "store", "drivers", "jdbc,r2dbc")).size());
        assertEquals(List.of("store s2 r2dbc", "store s2 r2dbc", "store s4 r2dbc", "store s4 r2dbc"),
                store(Map.of("plans", "store", "drivers", "r2dbc")));
    }

    @Test
    void theStoresQueriesAreAnOptionInEveryMode() {
        assertEquals(List.of("store s1", "store s1", "store c3", "store c3"), store(Map.of("plans", "store", "queries", "s1,c3")));
        assertEquals(32, store(Map.of("mode", "full", "plans", "store")).size(), "full: eight queries on both drivers");
        assertEquals(List.of("store c1", "store c1", "store c1 r2dbc", "store c1 r2dbc"),
                store(Map.of("mode", "full", "plans", "store", "queries", "c1")));
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> Options.parse(Map.of("plans", "store", "queries", "s5")));
        assertTrue(wrong.getMessage().startsWith("queries takes s1, s2"), wrong.getMessage());
    }

    @Test
    void theResponseSizeSweepStreamsOnEitherDriver() {
        List<CellSpec> smoke = Matrix.cells(Options.parse(Map.of("mode", "smoke", "plans", "products")), ThreadModel.PLATFORM, true).stream()
                .filter(c -> c.experiment().startsWith("products")).toList();
        // The medium answer alone at smoke size: as many cells as one driver's two sizes.
        assertEquals(List.of("products 10000", "products 10000", "products 10000 r2dbc", "products 10000 r2dbc"),
                smoke.stream().map(CellSpec::experiment).toList());
        assertEquals(List.of("blocking/products?count=10000", "async/products?count=10000", "blocking/r2dbc/products?count=10000",
                "async/r2dbc/products?count=10000"), smoke.stream().map(CellSpec::path).toList());
        List<String> full = Matrix.cells(Options.parse(Map.of("mode", "full", "plans", "products")), ThreadModel.PLATFORM, true).stream()
                .map(CellSpec::experiment).filter(e -> e.startsWith("products")).distinct().toList();
        assertEquals(List.of("products 100", "products 100 r2dbc", "products 10000", "products 10000 r2dbc", "products 100000",
                "products 100000 r2dbc"), full);
    }

    private static List<String> store(Map<String, String> settings) {
        return Matrix.cells(Options.parse(settings), ThreadModel.PLATFORM, true).stream().map(CellSpec::experiment)
                .filter(e -> e.startsWith("store")).toList();
    }

    @Test
    void namedPlansRunOnEveryVariant() {
        Options options = Options.parse(Map.of("plans", "store"));
        assertEquals(List.of("store"), options.plans(ThreadModel.VIRTUAL));
    }

    @Test
    void theCostRunsInTheFirstTrialAndTheCalibrationInTheLast() {
        Options options = Options.parse(Map.of("plans", "cost,entry", "users", "5"));
        List<CellSpec> cells = Matrix.cells(options, ThreadModel.PLATFORM, true);
        CellSpec cost = cells.stream().filter(CellSpec::cost).findFirst().orElseThrow();
        CellSpec calibration = cells.stream().filter(CellSpec::calibration).findFirst().orElseThrow();
        CellSpec entry = cells.stream().filter(c -> c.experiment().equals("entry")).findFirst().orElseThrow();
        assertEquals(List.of(true, false, false), List.of(cost.runsIn(1, 3), cost.runsIn(2, 3), cost.runsIn(3, 3)));
        assertEquals(List.of(false, false, true), List.of(calibration.runsIn(1, 3), calibration.runsIn(2, 3), calibration.runsIn(3, 3)));
        assertEquals(List.of(true, true, true, false), List.of(entry.runsIn(1, 3), entry.runsIn(2, 3), entry.runsIn(3, 3), entry.runsIn(4, 4)),
                "further trials are the open verdicts', not the plan's");
    }

    @Test
    void fullModeRunsEveryPlanAtTheSeedsLoadsAndLengths() {
        Options options = Options.parse(Map.of("mode", "full"));
        List<CellSpec> cells = Matrix.cells(options, ThreadModel.PLATFORM, true);

        assertEquals(60, options.seconds());
        assertEquals(Option.PLANS.allowed().stream().filter(p -> !p.equals("cost")).map(p -> p + ".jmx").collect(Collectors.toSet()),
                cells.stream().map(CellSpec::plan).collect(Collectors.toSet()));
        CellSpec store = cells.stream().filter(c -> c.plan().equals("store.jmx")).findFirst().orElseThrow();
        assertEquals(400, store.users());
        assertEquals("10", store.props().get("loops"));
        assertTrue(cells.stream().anyMatch(c -> c.experiment().equals("sleep") && c.users() == 1000 && c.props().get("ms").equals("1500")));
    }

    @Test
    void usersReplaceTheLoadLevelsAndTheVirtualPoolNeedsVirtualThreads() {
        Options options = Options.parse(Map.of("mode", "full", "plans", "offload", "users", "7,70"));

        List<CellSpec> platform = Matrix.cells(options, ThreadModel.PLATFORM, false);
        List<CellSpec> virtual = Matrix.cells(options, ThreadModel.PLATFORM, true);

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
        assertEquals(5, options.seconds());
        assertTrue(!options.dashboards(), "wrk keeps no samples for a dashboard");
        Set<String> trainStyles = Matrix.cells(options, ThreadModel.PLATFORM, false).stream().filter(c -> c.experiment().equals("entry"))
                .map(CellSpec::style).filter(s -> s.startsWith("train")).collect(Collectors.toSet());
        assertEquals(Set.of("train", "train window", "train adaptive"), trainStyles);
    }

    @Test
    void theCostPlanIsOneCellAndNeedsNoCalibration() {
        List<CellSpec> cells = Matrix.cells(Options.parse(Map.of("plans", "cost", "cost.count", "20000")), ThreadModel.PLATFORM, false);
        assertEquals(1, cells.size());
        assertTrue(cells.get(0).cost());
        assertEquals("20000", cells.get(0).props().get("count"));
    }
}
