package dev.trainyard.tool.compare.experiments;

import static dev.trainyard.tool.compare.experiments.Loads.levels;
import static dev.trainyard.tool.compare.experiments.Loads.max;
import static dev.trainyard.tool.compare.experiments.Loads.props;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Crossover;
import dev.trainyard.tool.compare.analysis.Evidence.Pair;
import dev.trainyard.tool.compare.analysis.Evidence;
import dev.trainyard.tool.compare.analysis.Finding;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Driver;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.Row;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * E1 store: the database's work under both web styles and both drivers — the store's queries, its answers of three
 * sizes (products), the no-database case (hello) and the cost of a large answer in server CPU (cost).
 */
final class E1Store implements Experiment {

    @Override
    public List<String> plans() {
        return List.of("store", "products", "hello", "cost");
    }

    @Override
    public void cells(String plan, Options o, ThreadModel variant, boolean virtualThreads, List<CellSpec> cells) {
        switch (plan) {
            case "store" -> store(o, cells);
            case "products" -> products(o, cells);
            case "hello" -> hello(o, cells);
            case "cost" -> cells.add(cost(o));
            default -> throw new IllegalArgumentException("E1Store has no plan " + plan);
        }
    }

    /**
     * The default run's users per query, where the styles can differ at all: at 10 users the
     * database is the whole cost of S2 (one product's characteristics, answered in milliseconds),
     * and its verdict was undecided or the client's; at 200, the original's "200 users or fewer",
     * the styles part on every server. S4 (a month's items) stays at 10: at 200 it was no more
     * decided, and each of its answers takes seconds, past a cell's end.
     */
    static final Map<String, Integer> DEFAULT_USERS = Map.of("s2", 200);

    @Override
    public void claims(Evidence run, ServerRun where, List<Finding> found) {
        noDatabase(run, where).ifPresent(found::add);
        storeBlocking(run, where).ifPresent(found::add);
        found.addAll(drivers(run, where));
        bigAnswers(run, where).ifPresent(found::add);
    }

    /**
     * E1 store: in full, each query by 400 users x 10 loops, blocking and async, bounded by loops,
     * not time (a complex query takes seconds under load, longer than a cell), and measured over
     * all its answers, as the original did. The default times each query at the load where its
     * question has an answer ({@link #DEFAULT_USERS}); smoke runs one loop: it proves the plan, not
     * each query (the suite proves those). The queries are an option, whose defaults keep to those
     * a small machine answers many times within a cell.
     */
    static void store(Options o, List<CellSpec> cells) {
        int loops = o.smoke() ? 1 : o.full() ? 10 : -1;
        Map<String, String> args = Map.of("s1", "?type=C", "s2", "?productId=7", "s4", "?from=2021-03-01&to=2021-03-31");
        for (String query : o.queries()) {
            int users = o.users() == null ? (o.smoke() ? 2 : o.full() ? 400 : DEFAULT_USERS.getOrDefault(query, 10)) : max(o.users());
            for (Driver driver : o.drivers()) {
                // JDBC is the store's own path (/blocking/store); R2DBC's is under /blocking/r2dbc.
                Row row = Row.store(query, driver);
                for (String style : List.of("blocking", "async")) {
                    String prefix = driver == Driver.JDBC ? style : style + "/" + driver.key();
                    cells.add(new CellSpec(row, "store.jmx", style, users, 0,
                            props("style", prefix, "query", query, "loops", loops), Double.NaN, Bound.NONE, false,
                            prefix + "/store/" + query + args.getOrDefault(query, "")));
                }
            }
        }
    }

    /**
     * E1 store's response-size sweep: the same products as small, medium and large answers, on each
     * driver ("products 10000 r2dbc": the R2DBC cursor streamed). The driver axis doubles the cells:
     * at smoke size the medium answer alone keeps CI's budget. Smoke runs one loop, as the store's:
     * a blocking download over R2DBC takes most of a smoke cell's seconds, so a slow machine would
     * end a timed cell before its first answer and prove nothing.
     */
    static void products(Options o, List<CellSpec> cells) {
        boolean bothDrivers = o.drivers().size() > 1;
        int loops = o.smoke() ? 1 : -1;
        int[] counts = o.full() ? new int[] {100, 10_000, 100_000} : o.smoke() && bothDrivers ? new int[] {10_000} : new int[] {100, 10_000};
        for (int count : counts) {
            for (Driver driver : o.drivers()) {
                Row row = Row.products(count, driver);
                for (int users : levels(o, new int[] {10}, new int[] {50, 200}, new int[] {5})) {
                    for (String style : List.of("blocking", "async")) {
                        String prefix = driver == Driver.JDBC ? style : style + "/" + driver.key();
                        cells.add(new CellSpec(row, "products.jmx", style, users, 0,
                                props("style", prefix, "count", count, "loops", loops), Double.NaN, Bound.NONE, false, prefix + "/products?count=" + count));
                    }
                }
            }
        }
    }

    /** E1 store's no-database case: a hard-coded answer under 1 KB. */
    static void hello(Options o, List<CellSpec> cells) {
        for (int users : levels(o, new int[] {50, 400}, new int[] {1, 50, 200, 400, 1000}, new int[] {10})) {
            for (String style : List.of("blocking", "async")) {
                cells.add(new CellSpec("hello", "hello.jmx", style, users, 0, props("style", style), Double.NaN, Bound.NONE, false,
                        style + "/hello"));
            }
        }
    }

    /**
     * E1 store's response sizes as a cost: not a load but downloads one at a time, the server's
     * CPU read around each ({@link ProductsCost}).
     */
    static CellSpec cost(Options o) {
        return new CellSpec("cost", "", "blocking vs async", 1, 0, props("count", o.costCount()), Double.NaN, Bound.NONE, false,
                "products?count=" + o.costCount());
    }

    /** E1 store: with no database, the async web layer wins at every concurrency. */
    Optional<Finding> noDatabase(Evidence run, ServerRun where) {
        List<Integer> levels = run.levels(where, "hello");
        List<String> parts = new ArrayList<>();
        boolean all = !levels.isEmpty();
        for (int users : levels) {
            Optional<Pair> p = run.pair(where, "hello", "async", "blocking", users);
            if (p.isEmpty()) {
                return Optional.empty();
            }
            all &= !p.get().behind();
            parts.add(Evidence.ratioText(p.get(), users));
        }
        return levels.isEmpty() ? Optional.empty() : Optional.of(new Finding("E1 store (no database)",
                "async is at least level with blocking at every concurrency", where, all, String.join("; ", parts)));
    }

    /** E1 store: the fully blocking stack has the higher throughput in almost every database case. */
    Optional<Finding> storeBlocking(Evidence run, ServerRun where) {
        List<String> wins = new ArrayList<>();
        int queries = 0;
        for (Row row : storeQueries(run, where)) {
            int users = run.maxUsers(where, row.name());
            Optional<Pair> p = run.pair(where, row.name(), "async", "blocking", users);
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
    private static List<Row> storeQueries(Evidence run, ServerRun where) {
        return run.results().stream().filter(r -> r.run().equals(where)).map(r -> r.spec().row())
                .filter(row -> row.family().equals("store") && row.driver() == Driver.JDBC).distinct().toList();
    }

    /**
     * E1 store's driver axis, where the run crossed the web style with the driver: the fully blocking
     * stack (blocking servlet, JDBC) out-serves the fully asynchronous one (async servlet, R2DBC) on
     * most queries; on R2DBC the async style wins on some; a matched pair beats the mismatched ones.
     */
    List<Finding> drivers(Evidence run, ServerRun where) {
        int compared = 0;
        List<String> syncAhead = new ArrayList<>();
        List<String> asyncOnR2dbc = new ArrayList<>();
        List<String> matched = new ArrayList<>();
        List<String> figures = new ArrayList<>();
        for (Row row : storeQueries(run, where)) {
            String jdbc = row.name();
            String r2dbc = row.on(Driver.R2DBC).name();
            int users = run.maxUsers(where, jdbc);
            Optional<Pair> fully = run.pair(where, r2dbc, "async", jdbc, "blocking", users);
            Optional<Pair> onR2dbc = run.pair(where, r2dbc, "async", r2dbc, "blocking", users);
            Optional<CellResult> bj = run.cell(where, jdbc, "blocking", users);
            Optional<CellResult> aj = run.cell(where, jdbc, "async", users);
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
            CellResult br = run.cell(where, r2dbc, "blocking", users).orElseThrow();
            CellResult ar = run.cell(where, r2dbc, "async", users).orElseThrow();
            CellResult bestMatched = faster(bj.orElseThrow(), ar);
            CellResult bestMismatched = faster(aj.get(), br);
            if (Crossover.Point.of(users, bestMismatched, bestMatched).ahead()) {
                matched.add(query);
            }
            figures.add(String.format(Locale.ROOT, "%s blocking+jdbc %.0f, async+jdbc %.0f, blocking+r2dbc %.0f, async+r2dbc %.0f req/s%s",
                    query, fully.get().baseline(), aj.get().stats().throughput(), onR2dbc.get().baseline(), fully.get().challenger(),
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
    Optional<Finding> bigAnswers(Evidence run, ServerRun where) {
        Optional<Row> largest = run.results().stream().filter(r -> r.run().equals(where)).map(r -> r.spec().row())
                .filter(row -> row.family().equals("products") && row.driver() == Driver.R2DBC)
                .max(java.util.Comparator.comparingInt(Row::count));
        if (largest.isEmpty()) {
            return Optional.empty();
        }
        String r2dbc = largest.get().name();
        String jdbc = largest.get().on(Driver.JDBC).name();
        int users = run.maxUsers(where, r2dbc);
        Optional<CellResult> bj = run.cell(where, jdbc, "blocking", users);
        Optional<CellResult> aj = run.cell(where, jdbc, "async", users);
        Optional<CellResult> br = run.cell(where, r2dbc, "blocking", users);
        Optional<CellResult> ar = run.cell(where, r2dbc, "async", users);
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
}
