package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.Driver;
import dev.trainyard.tool.compare.plan.Row;
import dev.trainyard.tool.compare.probe.ServerActivity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The claims of the five experiments (docs/experiments.md), each checked against this run's cells where the run
 * measured them: it holds here, or it does not, with the figures that decide.
 */
public final class Findings {

    /** One claim checked on one server variant (or across variants, for thread models). */
    public record Finding(String experiment, String claim, String where, boolean holds, String evidence) {
        public String sentence() {
            return String.format("%s on %s: %s - %s (%s).", experiment, where, claim, holds ? "holds" : "DOES NOT HOLD here", evidence);
        }
    }

    private final List<CellResult> results;

    public Findings(List<CellResult> results) {
        this.results = results;
    }

    public List<Finding> check() {
        List<Finding> found = new ArrayList<>();
        for (String where : results.stream().map(CellResult::variantName).distinct().toList()) {
            sleep(where).ifPresent(found::add);
            trainWins(where).ifPresent(found::add);
            trainPenalty(where).ifPresent(found::add);
            offloadPitfall(where).ifPresent(found::add);
            noDatabase(where).ifPresent(found::add);
            storeBlocking(where).ifPresent(found::add);
            found.addAll(drivers(where));
            bigAnswers(where).ifPresent(found::add);
        }
        found.addAll(threadModels());
        found.addAll(new ThreadsOverTime(results).findings());
        return found;
    }

    /**
     * E4 sleep: the async style serves ~5x the blocking one when users outnumber request threads
     * (the blocking cell's Little limit is then below the async one's); below that, both are level.
     */
    private Optional<Finding> sleep(String where) {
        int users = maxUsers(where, "sleep");
        Optional<CellResult> blocking = cell(where, "sleep", "blocking", users);
        Optional<CellResult> async = cell(where, "sleep", "async", users);
        if (blocking.isEmpty() || async.isEmpty()) {
            return Optional.empty();
        }
        boolean threadsBind = blocking.get().littleLimit() < async.get().littleLimit();
        Pair p = pair(where, "sleep", "async", "blocking", users).orElseThrow();
        if (threadsBind) {
            return Optional.of(new Finding("E4 sleep", "async serves well above blocking once the " + users
                    + " users outnumber the request threads (originally ~5x)", where, p.ratio() > 1.5, ratioText(p, users)));
        }
        // No thread bound (virtual threads, or users within the pool): blocking is held by nothing but the wait.
        double share = blocking.get().limitShare();
        return Optional.of(new Finding("E4 sleep", "with no request-thread bound below the " + users
                + " users, blocking itself reaches most (70%+) of its Little limit and the original gap closes", where,
                share >= 0.70, String.format(Locale.ROOT, "blocking at %.0f%% of %.0f req/s; async x%.2f", 100 * share,
                        blocking.get().littleLimit(), p.ratio())));
    }

    /** E3 train: the Train serves many more requests than the classic servlet at 50 users. */
    private Optional<Finding> trainWins(String where) {
        int users = closestUsers(where, "entry", 50);
        return pair(where, "entry", "train", "blocking", users).map(p -> new Finding("E3 train",
                "the Train beats the classic servlet at " + users + " users (originally at least 15x at 50)", where,
                p.ahead(), ratioText(p, users)));
    }

    /** E3 train: a lone request waits for the next departure, so the Train is slower at very low load. */
    private Optional<Finding> trainPenalty(String where) {
        int users = minUsers(where, "entry");
        if (users > 3) {
            return Optional.empty();
        }
        // JMeter times in whole milliseconds; at one user the mean separates what p50 rounds together.
        return pair(where, "entry", "train", "blocking", users).map(p -> new Finding("E3 train",
                "the Train pays a low-traffic penalty at " + users + " user(s) (originally slightly worse at 3)", where,
                p.behind(), String.format(Locale.ROOT,
                        "x%.2f req/s, mean %.2f vs %.2f ms; the natural policy departs at once when no train is running",
                        p.ratio(), p.challengerMean, p.baselineMean)));
    }

    /** E2 offload: the default executor (small, unbounded queue) makes async far slower than sync. */
    private Optional<Finding> offloadPitfall(String where) {
        int users = closestUsers(where, "offload", 200);
        return pair(where, "offload", "default", "sync", users).map(p -> new Finding("E2 offload",
                "async on the default executor has a far worse p95 than sync at " + users + " users (originally 23x)", where,
                p.challengerP95 > 3 * p.baselineP95, String.format(Locale.ROOT, "p95 %.0f vs %.0f ms (x%.1f), %.0f vs %.0f req/s",
                        p.challengerP95, p.baselineP95, p.challengerP95 / p.baselineP95, p.challenger, p.baseline)));
    }

    /** E1 store: with no database, the async web layer wins at every concurrency. */
    private Optional<Finding> noDatabase(String where) {
        List<Integer> levels = levels(where, "hello");
        List<String> parts = new ArrayList<>();
        boolean all = !levels.isEmpty();
        for (int users : levels) {
            Optional<Pair> p = pair(where, "hello", "async", "blocking", users);
            if (p.isEmpty()) {
                return Optional.empty();
            }
            all &= !p.get().behind();
            parts.add(ratioText(p.get(), users));
        }
        return levels.isEmpty() ? Optional.empty() : Optional.of(new Finding("E1 store (no database)",
                "async is at least level with blocking at every concurrency", where, all, String.join("; ", parts)));
    }

    /** E1 store: the fully blocking stack has the higher throughput in almost every database case. */
    private Optional<Finding> storeBlocking(String where) {
        List<String> wins = new ArrayList<>();
        int queries = 0;
        for (Row row : storeQueries(where)) {
            int users = maxUsers(where, row.name());
            Optional<Pair> p = pair(where, row.name(), "async", "blocking", users);
            if (p.isPresent()) {
                queries++;
                if (!p.get().ahead()) {
                    wins.add(row.query());
                }
            }
        }
        if (queries == 0) {
            return Optional.empty();
        }
        return Optional.of(new Finding("E1 store", "blocking is at least level with async on most queries", where,
                wins.size() * 2 > queries, "blocking level or ahead on " + wins.size() + " of " + queries + " queries: " + wins));
    }

    /** The store queries this variant measured on JDBC; {@link Row#on} names their R2DBC rows. */
    private List<Row> storeQueries(String where) {
        return results.stream().filter(r -> r.variantName().equals(where)).map(r -> r.spec().row())
                .filter(row -> row.family().equals("store") && row.driver() == Driver.JDBC).distinct().toList();
    }

    /**
     * E1 store's driver axis, where the run crossed the web style with the driver: the fully blocking
     * stack (blocking servlet, JDBC) out-serves the fully asynchronous one (async servlet, R2DBC) on
     * most queries; on R2DBC the async style wins on some; a matched pair beats the mismatched ones.
     */
    private List<Finding> drivers(String where) {
        int compared = 0;
        List<String> syncAhead = new ArrayList<>();
        List<String> asyncOnR2dbc = new ArrayList<>();
        List<String> matched = new ArrayList<>();
        List<String> figures = new ArrayList<>();
        for (Row row : storeQueries(where)) {
            String jdbc = row.name();
            String r2dbc = row.on(Driver.R2DBC).name();
            int users = maxUsers(where, jdbc);
            Optional<Pair> fully = pair(where, r2dbc, "async", jdbc, "blocking", users);
            Optional<Pair> onR2dbc = pair(where, r2dbc, "async", r2dbc, "blocking", users);
            Optional<CellResult> bj = cell(where, jdbc, "blocking", users);
            Optional<CellResult> aj = cell(where, jdbc, "async", users);
            if (fully.isEmpty() || onR2dbc.isEmpty() || aj.isEmpty()) {
                continue;
            }
            compared++;
            String query = row.query();
            if (!fully.get().ahead()) {
                syncAhead.add(query);
            }
            if (onR2dbc.get().ahead()) {
                asyncOnR2dbc.add(query);
            }
            CellResult br = cell(where, r2dbc, "blocking", users).orElseThrow();
            CellResult ar = cell(where, r2dbc, "async", users).orElseThrow();
            CellResult bestMatched = faster(bj.orElseThrow(), ar);
            CellResult bestMismatched = faster(aj.get(), br);
            if (Crossover.Point.of(users, bestMismatched, bestMatched).ahead()) {
                matched.add(query);
            }
            figures.add(String.format(Locale.ROOT, "%s blocking+jdbc %.0f, async+jdbc %.0f, blocking+r2dbc %.0f, async+r2dbc %.0f req/s%s",
                    query, fully.get().baseline, aj.get().stats().throughput(), onR2dbc.get().baseline, fully.get().challenger,
                    peakThreads(bj.get(), aj.get(), br, ar)));
        }
        if (compared == 0) {
            return List.of();
        }
        String all = String.join("; ", figures);
        return List.of(
                new Finding("E1 store (drivers)", "the fully blocking stack (blocking + JDBC) is at least level with the fully async one"
                        + " (async + R2DBC) on most queries", where, syncAhead.size() * 2 > compared,
                        "on " + syncAhead.size() + " of " + compared + " " + syncAhead + ": " + all),
                new Finding("E1 store (drivers)", "on R2DBC the async web layer wins on some queries", where, !asyncOnR2dbc.isEmpty(),
                        "async ahead of blocking on R2DBC on " + asyncOnR2dbc.size() + " of " + compared + " " + asyncOnR2dbc),
                new Finding("E1 store (drivers)", "the better matched pair (blocking + JDBC or async + R2DBC) is ahead of both mismatched ones on most queries",
                        where, matched.size() * 2 > compared, "on " + matched.size() + " of " + compared + " " + matched));
    }

    /**
     * E1 store's products under concurrency on the driver axis: at the run's most users and largest answer, the fully async
     * stack keeps answering on fewer request threads than the fully blocking one (the original: 8 threads against 223,
     * the blocking stack no longer answering at 200 users with 10-20 MB answers).
     */
    private Optional<Finding> bigAnswers(String where) {
        Optional<Row> largest = results.stream().filter(r -> r.variantName().equals(where)).map(r -> r.spec().row())
                .filter(row -> row.family().equals("products") && row.driver() == Driver.R2DBC)
                .max(java.util.Comparator.comparingInt(Row::count));
        if (largest.isEmpty()) {
            return Optional.empty();
        }
        String r2dbc = largest.get().name();
        String jdbc = largest.get().on(Driver.JDBC).name();
        int users = maxUsers(where, r2dbc);
        Optional<CellResult> bj = cell(where, jdbc, "blocking", users);
        Optional<CellResult> aj = cell(where, jdbc, "async", users);
        Optional<CellResult> br = cell(where, r2dbc, "blocking", users);
        Optional<CellResult> ar = cell(where, r2dbc, "async", users);
        if (bj.isEmpty() || aj.isEmpty() || br.isEmpty() || ar.isEmpty() || ar.get().facts().scrapes() == 0) {
            return Optional.empty();
        }
        CellResult sync = bj.get();
        CellResult async = ar.get();
        boolean holds = async.stats().unexpectedErrorRate() <= sync.stats().unexpectedErrorRate()
                && async.facts().requestThreadsPeak() < sync.facts().requestThreadsPeak();
        return Optional.of(new Finding("E1 store (drivers)", "at " + users + " users with " + largest.get().count()
                + "-product answers the fully async stack keeps answering on fewer request threads than the fully blocking one"
                + " (originally 8 threads against 223, the blocking stack no longer answering)", where, holds,
                String.format(Locale.ROOT, "async+r2dbc %.0f req/s, %.1f%% failed, %.1f%% shed (503); blocking+jdbc %.0f req/s, %.1f%% failed, "
                        + "%.1f%% shed; async+jdbc %.0f, blocking+r2dbc %.0f req/s%s", async.stats().throughput(),
                        100 * async.stats().unexpectedErrorRate(), 100 * shedRate(async), sync.stats().throughput(),
                        100 * sync.stats().unexpectedErrorRate(), 100 * shedRate(sync), aj.get().stats().throughput(),
                        br.get().stats().throughput(), peakThreads(sync, aj.get(), br.get(), async))));
    }

    private static double shedRate(CellResult c) {
        return c.stats().samples() == 0 ? 0 : (double) c.stats().shed() / c.stats().samples();
    }

    /** The four combinations' request threads in use at their peak, where the server's /metrics was watched. */
    private static String peakThreads(CellResult bj, CellResult aj, CellResult br, CellResult ar) {
        if (List.of(bj, aj, br, ar).stream().anyMatch(c -> c.facts().scrapes() == 0)) {
            return "";
        }
        return String.format(Locale.ROOT, ", request threads at peak %.0f / %.0f / %.0f / %.0f", bj.facts().requestThreadsPeak(),
                aj.facts().requestThreadsPeak(), br.facts().requestThreadsPeak(), ar.facts().requestThreadsPeak());
    }

    private static CellResult faster(CellResult a, CellResult b) {
        return a.stats().throughput() >= b.stats().throughput() ? a : b;
    }

    /** E5 threads: virtual threads serve the same load without growing the JVM's platform threads. */
    private List<Finding> threadModels() {
        List<Finding> found = new ArrayList<>();
        for (String server : results.stream().map(CellResult::server).distinct().toList()) {
            int users = results.stream().filter(r -> r.server().equals(server) && r.spec().experiment().equals("sleep"))
                    .mapToInt(r -> r.spec().users()).max().orElse(0);
            Optional<CellResult> platform = cell(server + "/platform", "sleep", "blocking", users);
            Optional<CellResult> virtual = cell(server + "/virtual", "sleep", "blocking", users);
            if (platform.isEmpty() || virtual.isEmpty()) {
                continue;
            }
            ServerActivity p = platform.get().facts();
            ServerActivity v = virtual.get().facts();
            found.add(new Finding("E5 threads", "blocking on virtual threads serves " + users
                    + " waiting users without more platform threads, where platform threads hit their bound", server,
                    v.platformThreadsPeak() <= p.platformThreadsPeak() && virtual.get().stats().throughput() > platform.get().stats().throughput(),
                    String.format(Locale.ROOT, "virtual %.0f req/s with %.0f platform threads (%.0f virtual busy); platform %.0f req/s with %.0f",
                            virtual.get().stats().throughput(), v.platformThreadsPeak(), v.busyVirtualPeak(),
                            platform.get().stats().throughput(), p.platformThreadsPeak())));
        }
        return found;
    }

    /** Two styles' cells at one load; a lead is judged as the crossovers judge it (intervals, else the margin). */
    private record Pair(double challenger, double baseline, double challengerMean, double baselineMean,
            double challengerP95, double baselineP95, Crossover.Point point) {
        double ratio() {
            return baseline == 0 ? Double.POSITIVE_INFINITY : challenger / baseline;
        }

        boolean ahead() {
            return point.ahead();
        }

        boolean behind() {
            return point.behind();
        }
    }

    private Optional<Pair> pair(String where, String experiment, String challenger, String baseline, int users) {
        return pair(where, experiment, challenger, experiment, baseline, users);
    }

    /** Two cells of different rows at one load (the driver axis: "store s2 r2dbc" async against "store s2" blocking). */
    private Optional<Pair> pair(String where, String challengerExperiment, String challenger, String baselineExperiment, String baseline,
            int users) {
        Optional<CellResult> c = cell(where, challengerExperiment, challenger, users);
        Optional<CellResult> b = cell(where, baselineExperiment, baseline, users);
        if (c.isEmpty() || b.isEmpty()) {
            return Optional.empty();
        }
        CellStats cs = c.get().stats();
        CellStats bs = b.get().stats();
        return Optional.of(new Pair(cs.throughput(), bs.throughput(), cs.meanMs(), bs.meanMs(), cs.p95Ms(), bs.p95Ms(),
                Crossover.Point.of(users, b.get(), c.get())));
    }

    private Optional<CellResult> cell(String where, String experiment, String style, int users) {
        return results.stream().filter(r -> r.variantName().equals(where) && r.spec().experiment().equals(experiment)
                && r.spec().style().equals(style) && r.spec().users() == users).findFirst();
    }

    private List<Integer> levels(String where, String experiment) {
        return results.stream().filter(r -> r.variantName().equals(where) && r.spec().experiment().equals(experiment))
                .map(r -> r.spec().users()).distinct().sorted().collect(Collectors.toList());
    }

    private int maxUsers(String where, String experiment) {
        return levels(where, experiment).stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    private int minUsers(String where, String experiment) {
        return levels(where, experiment).stream().mapToInt(Integer::intValue).min().orElse(Integer.MAX_VALUE);
    }

    private int closestUsers(String where, String experiment, int wanted) {
        return levels(where, experiment).stream().min((a, b) -> Integer.compare(Math.abs(a - wanted), Math.abs(b - wanted))).orElse(0);
    }

    private static String ratioText(Pair p, int users) {
        return String.format(Locale.ROOT, "x%.2f at %d users: %.0f vs %.0f req/s, p95 %.0f vs %.0f ms",
                p.ratio(), users, p.challenger, p.baseline, p.challengerP95, p.baselineP95);
    }
}
