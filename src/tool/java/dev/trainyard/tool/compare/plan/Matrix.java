package dev.trainyard.tool.compare.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cells one server variant runs, plan by plan, in the order of the experiments: the loads each
 * experiment was originally measured at (docs/experiments.md), shortened in the default mode and kept in the full one.
 */
public final class Matrix {

    static final int SLEEP_MS = 200;

    private Matrix() {
    }

    /**
     * @param variant platform or virtual: in the default run the virtual variants repeat only what threads change
     * @param virtualThreads whether the server's JVM has them (the offload plan's virtual pool)
     */
    public static List<CellSpec> cells(Options options, String variant, boolean virtualThreads) {
        List<CellSpec> cells = new ArrayList<>();
        for (String plan : options.plans(variant)) {
            switch (plan) {
                case "sleep" -> sleep(options, cells);
                case "offload" -> offload(options, virtualThreads, cells);
                case "entry" -> entry(options, variant, cells);
                case "store" -> store(options, cells);
                case "products" -> products(options, cells);
                case "hello" -> hello(options, cells);
                case "threads" -> threads(options, cells);
                case "open" -> open(options, cells);
                case "cost" -> cells.add(cost(options));
                default -> throw new IllegalArgumentException("no plan " + plan);
            }
        }
        // Last, when the server's and the client's code are both warm: a cold ceiling would flatter every cell.
        if (cells.stream().anyMatch(c -> !c.cost())) {
            cells.add(calibration(options));
        }
        int contended = cells.stream().filter(c -> c.experiment().equals("entry")).mapToInt(CellSpec::users).max().orElse(0);
        cells.replaceAll(c -> c.repeated(c.cost() || c.calibration() ? 1
                : c.experiment().equals("entry") && c.users() == contended && contended > 1 && options.trials() > 1 ? CONTENDED_TRIALS * options.trials()
                : options.trials()));
        return cells;
    }

    /**
     * The entry cells at the run's highest load run this many times the trials. There hundreds of
     * users share the pool's few connections and the blocking style's throughput swings from trial
     * to trial with the pool's hand-off: the server's behaviour, not the cell's (longer cells spread
     * as much), so the Train's lead needs more pairs to stand out of it. One trial (smoke) stays one.
     */
    public static final int CONTENDED_TRIALS = 2;

    /**
     * JMeter against /blocking/hello at the run's highest closed load: the most this client can
     * drive on this machine, the ceiling every other cell's throughput must be read against.
     */
    private static CellSpec calibration(Options options) {
        int users = options.smoke() ? 10 : Math.min(1000, options.users() == null ? 400 : max(options.users()));
        return new CellSpec("calibration", "hello.jmx", "generator", users, 0, props("style", "blocking"), Double.NaN, "", false,
                "blocking/hello");
    }

    /** The memory hold of {@link ThreadModelCost}: the blocking sleep, each user nearly always inside a request. */
    public static CellSpec hold(int users, int ms) {
        return new CellSpec("hold", "sleep.jmx", "blocking", users, 0, props("style", "blocking", "ms", ms), ms / 1000.0, "threads",
                false, "blocking/sleep?ms=" + ms);
    }

    /** E4 sleep: a wait with and without a request thread held; Little's limit users / wait. */
    private static void sleep(Options o, List<CellSpec> cells) {
        int ms = o.full() ? 1500 : SLEEP_MS;
        // 200 users only match the 200 request threads: the default spends its time past them.
        for (int users : levels(o, new int[] {1000}, new int[] {200, 1000}, new int[] {20})) {
            for (String style : List.of("blocking", "async")) {
                cells.add(new CellSpec("sleep", "sleep.jmx", style, users, 0, props("style", style, "ms", ms),
                        ms / 1000.0, style.equals("blocking") ? "threads" : "", false, style + "/sleep?ms=" + ms));
            }
        }
    }

    /** E2 offload: the blocking sleep handed to executors of three shapes, beside the sync baseline. */
    private static void offload(Options o, boolean virtualThreads, List<CellSpec> cells) {
        // The default: the baseline, the pitfall and the cure; full adds the oversized pool and virtual threads.
        List<String> pools = o.full() || o.smoke() ? List.of("sync", "default", "bounded", "oversized", "virtual")
                : List.of("sync", "default", "bounded");
        for (int users : levels(o, new int[] {200}, new int[] {50, 200, 400}, new int[] {10})) {
            for (String pool : pools) {
                if (pool.equals("virtual") && !virtualThreads) {
                    continue;
                }
                String bound = pool.equals("sync") ? "threads" : "pool:" + pool;
                cells.add(new CellSpec("offload", "offload.jmx", pool, users, 0, props("pool", pool, "ms", SLEEP_MS),
                        SLEEP_MS / 1000.0, bound, false, pool.equals("sync") ? "blocking/sleep?ms=" + SLEEP_MS
                                : "async/offload/sleep?ms=" + SLEEP_MS + "&pool=" + pool));
            }
        }
    }

    /**
     * E3 train: one row read and one view added per request, by each style (the Train once per
     * policy asked for). The default leaves one user out on virtual threads: one request at a time
     * needs no thread model.
     */
    private static void entry(Options o, String variant, List<CellSpec> cells) {
        int[] normal = variant.equals("virtual") ? new int[] {50, 400} : new int[] {1, 50, 400};
        for (int users : levels(o, normal, new int[] {1, 3, 50, 100, 200, 400}, new int[] {1, 20})) {
            for (String style : List.of("blocking", "async")) {
                cells.add(new CellSpec("entry", "entry.jmx", style, users, 0, props("style", style),
                        Double.NaN, "", true, style + "/entry"));
            }
            for (String policy : o.policies()) {
                // The natural policy is "train" in every chart and finding; the others are named.
                cells.add(new CellSpec("entry", "entry.jmx", policy.equals("natural") ? "train" : "train " + policy, users, 0,
                        props("style", "train", "policy", policy), Double.NaN, "", true, "train/entry?policy=" + policy));
            }
        }
    }

    /**
     * E1 store: in full, each query by 400 users x 10 loops, blocking and async, bounded by loops,
     * not time (a complex query takes seconds under load, longer than a cell), and measured over
     * all its answers, as the original did. The default times 10 users; smoke runs one loop: it
     * proves the plan, not each query (the suite proves those). The queries are an option, whose
     * defaults keep to those a small machine answers many times within a cell.
     */
    private static void store(Options o, List<CellSpec> cells) {
        int users = o.users() == null ? (o.smoke() ? 2 : o.full() ? 400 : 10) : max(o.users());
        int loops = o.smoke() ? 1 : o.full() ? 10 : -1;
        Map<String, String> args = Map.of("s1", "?type=C", "s2", "?productId=7", "s4", "?from=2021-03-01&to=2021-03-31");
        for (String query : o.queries()) {
            for (Driver driver : o.drivers()) {
                // JDBC is the store's own path (/blocking/store); R2DBC's is under /blocking/r2dbc.
                Row row = Row.store(query, driver);
                for (String style : List.of("blocking", "async")) {
                    String prefix = driver == Driver.JDBC ? style : style + "/" + driver.key();
                    cells.add(new CellSpec(row, "store.jmx", style, users, 0,
                            props("style", prefix, "query", query, "loops", loops), Double.NaN, "", false,
                            prefix + "/store/" + query + args.getOrDefault(query, "")));
                }
            }
        }
    }

    /**
     * E1 store's response-size sweep: the same products as small, medium and large answers, on each
     * driver ("products 10000 r2dbc": the R2DBC cursor streamed). The driver axis doubles the cells:
     * at smoke size the medium answer alone keeps CI's budget.
     */
    private static void products(Options o, List<CellSpec> cells) {
        boolean bothDrivers = o.drivers().size() > 1;
        int[] counts = o.full() ? new int[] {100, 10_000, 100_000} : o.smoke() && bothDrivers ? new int[] {10_000} : new int[] {100, 10_000};
        for (int count : counts) {
            for (Driver driver : o.drivers()) {
                Row row = Row.products(count, driver);
                for (int users : levels(o, new int[] {10}, new int[] {50, 200}, new int[] {5})) {
                    for (String style : List.of("blocking", "async")) {
                        String prefix = driver == Driver.JDBC ? style : style + "/" + driver.key();
                        cells.add(new CellSpec(row, "products.jmx", style, users, 0,
                                props("style", prefix, "count", count), Double.NaN, "", false, prefix + "/products?count=" + count));
                    }
                }
            }
        }
    }

    /** E1 store's no-database case: a hard-coded answer under 1 KB. */
    private static void hello(Options o, List<CellSpec> cells) {
        for (int users : levels(o, new int[] {50, 400}, new int[] {1, 50, 200, 400, 1000}, new int[] {10})) {
            for (String style : List.of("blocking", "async")) {
                cells.add(new CellSpec("hello", "hello.jmx", style, users, 0, props("style", style), Double.NaN, "", false,
                        style + "/hello"));
            }
        }
    }

    /**
     * E5 threads: 500 connections on the blocking style, against a wait (sleep), no work at all
     * (hello, as the original) and the database (entry); compare the variants' rows and their
     * threads over time.
     */
    private static void threads(Options o, List<CellSpec> cells) {
        for (int users : levels(o, new int[] {500}, new int[] {500}, new int[] {20})) {
            cells.add(new CellSpec("threads", "threads.jmx", "blocking sleep", users, 0,
                    props("work", "sleep?ms=" + SLEEP_MS), SLEEP_MS / 1000.0, "threads", false, "blocking/sleep?ms=" + SLEEP_MS));
            cells.add(new CellSpec("threads", "threads.jmx", "blocking hello", users, 0,
                    props("work", "hello"), Double.NaN, "", false, "blocking/hello"));
            cells.add(new CellSpec("threads", "threads.jmx", "blocking entry", users, 0,
                    props("work", "entry"), Double.NaN, "", true, "blocking/entry"));
        }
    }

    /** The same entry work at a fixed offered rate: latency without coordinated omission. */
    private static void open(Options o, List<CellSpec> cells) {
        for (String style : List.of("blocking", "async", "train")) {
            cells.add(new CellSpec("open entry", "open.jmx", style, 0, o.rate(),
                    props("path", style + "/entry", "rate", o.rate()), Double.NaN, "", true, style + "/entry"));
        }
    }

    /**
     * E1 store's response sizes as a cost: not a load but downloads one at a time, the server's
     * CPU read around each ({@link ProductsCost}).
     */
    private static CellSpec cost(Options o) {
        return new CellSpec("cost", "", "blocking vs async", 1, 0, props("count", o.costCount()), Double.NaN, "", false,
                "products?count=" + o.costCount());
    }

    private static int[] levels(Options o, int[] normal, int[] full, int[] smoke) {
        if (o.users() != null) {
            return o.users();
        }
        return o.full() ? full : o.smoke() ? smoke : normal;
    }

    private static int max(int[] values) {
        int m = 0;
        for (int v : values) {
            m = Math.max(m, v);
        }
        return m;
    }

    private static Map<String, String> props(Object... pairs) {
        Map<String, String> props = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            props.put(String.valueOf(pairs[i]), String.valueOf(pairs[i + 1]));
        }
        return props;
    }
}
