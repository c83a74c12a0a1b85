package dev.trainyard.tool.compare.report;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Verdicts;
import dev.trainyard.tool.compare.analysis.Verdicts.Verdict;
import dev.trainyard.tool.compare.jvm.WaitSite;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * What the run says of each cell and each verdict, each column's name beside how its typed value
 * is read, so that no column can slip out of step with its header: cells.csv's rows and
 * summary.json's cells are {@link #CELLS}, verdicts.csv's and summary.json's verdicts
 * {@link #VERDICTS}. Users' scripts read these names: a column is added at the end, never renamed
 * or moved.
 */
public final class Columns<T> {

    /**
     * @param meaning what the column holds, as docs/report.md prints it
     * @param value a String, a whole number, a double (NaN: none), a boolean, a list of doubles (in the order run), or null for none
     */
    private record Column<T>(String name, String meaning, Function<T, Object> value) {
    }

    /** cells.csv's and summary.json's cells. */
    public static final Columns<CellResult> CELLS = new Columns<>("cells.csv and summary.json's cells", List.of(
            new Column<CellResult>("server", "tomcat, jetty or glassfish", CellResult::server),
            new Column<>("variant", "the server variant: platform or virtual request threads, with the protocol where it is not"
                    + " plain HTTP", r -> r.run().label()),
            new Column<>("experiment", "the work loaded: sleep, offload, entry, a store query, products, hello, threads",
                    r -> r.spec().experiment()),
            new Column<>("style", "blocking, async or train (sync and the pools on offload)", r -> r.spec().style()),
            new Column<>("users", "the closed model's concurrent users; an open cell's most in flight", r -> r.spec().users()),
            new Column<>("offered_rate", "the open model's requests per second, evenly spaced; 0 for a closed cell", r -> r.spec().rate()),
            new Column<>("requests", "answers that ended inside the measured window", r -> r.stats().samples()),
            new Column<>("seconds", "the measured window's length", r -> r.stats().seconds()),
            new Column<>("throughput", "successful answers per second over the measured window (the median trial's)",
                    r -> r.stats().throughput()),
            new Column<>("little_limit", "Little's law's most: users over the work's own time, where the work has one (sleep)",
                    r -> r.littleLimit()),
            new Column<>("limit_share", "throughput over little_limit", r -> r.limitShare()),
            // Closed cells time each answer from its send (closed-loop); open ones from when it was due.
            new Column<>("latency_from", "send: each answer timed from its send (closed model); due: from when the schedule"
                    + " meant to send it (open model, no coordinated omission)", r -> r.spec().open() ? "due" : "send"),
            new Column<>("p50_ms", "the median latency, milliseconds", r -> r.stats().p50Ms()),
            new Column<>("p95_ms", "the 95th percentile latency", r -> r.stats().p95Ms()),
            new Column<>("p99_ms", "the 99th percentile latency", r -> r.stats().p99Ms()),
            new Column<>("max_ms", "the slowest answer", r -> r.stats().maxMs()),
            new Column<>("error_rate", "the share of answers that were not a success (503s from a bound included)",
                    r -> r.stats().errorRate()),
            new Column<>("platform_threads_peak", "the server JVM's most live platform threads, from /metrics",
                    r -> r.facts().platformThreadsPeak()),
            new Column<>("busy_platform_peak", "the most platform threads serving a request at once", r -> r.facts().busyPlatformPeak()),
            new Column<>("busy_virtual_peak", "the most virtual threads serving a request at once", r -> r.facts().busyVirtualPeak()),
            new Column<>("queue_peak", "the deepest queue of the WAR's executors (the offload pools, the Train's queue)",
                    r -> r.facts().queuePeak()),
            new Column<>("train_mean_batch", "the Train's riders per database trip", r -> r.facts().meanBatch()),
            new Column<>("db_trips_per_request", "database round trips per successful request: 1 for blocking and async",
                    r -> r.tripsPerRequest()),
            new Column<>("audit", "ok where the views trentry gained equal the successful entry requests (wrk, which"
                    + " stops without waiting for its last answers: at least as many, and no more beyond them than it and the"
                    + " load before it left in flight); mismatch fails the cell; empty where nothing is audited", r -> r.audit() == null ? null : r.audit().holds() ? "ok" : "mismatch"),
            new Column<>("status", "ok, or failed: and why", r -> r.failed() ? "failed: " + r.failure().replace(',', ';') : "ok"),
            new Column<>("wrk_throughput", "wrk's throughput on the same cell, where crosscheck=true measured it",
                    r -> r.lean() == null ? null : r.lean().throughput()),
            new Column<>("wrk_p95_ms", "wrk's p95 on the same cell", r -> r.lean() == null ? null : r.lean().p95Ms()),
            new Column<>("jmeter_over_wrk", "JMeter's throughput over wrk's: below 1 where JMeter's own CPU held the cell back",
                    r -> r.agreement()),
            new Column<>("trials", "the cell's trials, each a run of its own, paired with the other styles' of its verdict",
                    r -> r.trials() == null ? 1 : r.trials().n()),
            new Column<>("throughput_ci_low", "the 95% interval of the throughput over the trials, its low end",
                    r -> r.trials() == null ? null : r.trials().low()),
            new Column<>("throughput_ci_high", "its high end", r -> r.trials() == null ? null : r.trials().high()),
            new Column<>("client_cpu_share", "the load client's CPU over the measured window, as a share of its cores",
                    r -> r.clientCpu()),
            new Column<>("client_bound", "whether the client ran out of CPU in a trial: its figure may measure the client",
                    CellResult::clientBound),
            new Column<>("top_wait_site", "where the request threads in the WAR were found most often (thread samples late in"
                    + " the warm-up): " + String.join(", ", Arrays.stream(WaitSite.values()).map(w -> w.name().toLowerCase(Locale.ROOT))
                    .toList()), r -> r.facts().waits().top() == null ? null
                    : r.facts().waits().top().name().toLowerCase(Locale.ROOT)),
            new Column<>("top_wait_threads", "how many of threads_in_war were there",
                    r -> r.facts().waits().top() == null ? null : r.facts().waits().at(r.facts().waits().top())),
            new Column<>("threads_in_war", "request threads found in the WAR, per sample",
                    r -> r.facts().waits().samples() == 0 ? null : r.facts().waits().working()),
            new Column<>("wait_samples", "the thread samples taken", r -> r.facts().waits().samples()),
            new Column<>("pool_waiting", "borrows waiting for a pool connection at once, on average over the cell",
                    r -> r.facts().poolWaiting()),
            new Column<>("resident_peak_mb", "the server process's largest resident memory in the cell, MiB, from its /metrics",
                    r -> r.facts().residentPeakBytes() / 1048576),
            new Column<>("cpu_ms_per_1000", "the server process's CPU milliseconds per 1,000 requests over the whole cell, warm-up included, from its /metrics",
                    r -> r.cpuMsPer1000()),
            new Column<>("trial_throughputs", "each trial's throughput, in the order run (space-separated in the CSV)",
                    r -> r.trials() == null ? List.of(r.stats().throughput())
                    : Arrays.stream(r.trials().samples()).boxed().toList()),
            new Column<>("client", "the load client that measured the cell: jmeter, wrk (client=wrk, or a closed cell at lean.from"
                    + " users or more), h2load (h2 cells)", CellResult::client)));

    /** verdicts.csv's and summary.json's verdicts. */
    public static final Columns<Verdict> VERDICTS = new Columns<>("verdicts.csv and summary.json's verdicts", List.of(
            new Column<Verdict>("variant", "the server variant, as in cells.csv's server/variant", Verdict::variant),
            new Column<>("experiment", "the work, with its query or answer size", Verdict::experiment),
            new Column<>("users", "the load", Verdict::users),
            new Column<>("winner", "the style that leads beyond noise (\"async or train\" where two lead the baseline but not"
                    + " each other); empty for level, undecided or withheld", Verdict::winner),
            new Column<>("ratio", "a winning challenger's throughput over the baseline's; a winning baseline's over the best"
                    + " challenger's; otherwise the best challenger's over the baseline's", Verdict::ratio),
            new Column<>("strength", String.format(Locale.ROOT, "STRONG (a lead of x%.1f or more), CLEAR (x%.1f or more),"
                    + " SLIGHT (a lead under x%.1f), LEVEL (every style within %.0f%%, intervals included), UNDECIDED, WITHHELD"
                    + " (too many trials client-bound)", Verdicts.STRONG_RATIO, Verdicts.CLEAR_RATIO, Verdicts.CLEAR_RATIO,
                    Verdicts.LEVEL_BAND * 100),
                    v -> v.strength().name()),
            new Column<>("ratio_low", "the ratio's 95% interval over the paired trials, its low end", Verdict::low),
            new Column<>("ratio_high", "its high end", Verdict::high),
            new Column<>("trials_set_aside", "trials left out because the load client ran out of CPU in them", Verdict::setAside),
            new Column<>("trials", "the paired trials that decided", Verdict::trials),
            new Column<>("p95_ms", "the ratio's style's p95 (the winner's, where one leads)", Verdict::p95Ms),
            new Column<>("p99_ms", "its p99", Verdict::p99Ms),
            new Column<>("against_p95_ms", "the p95 of the style the ratio is over", Verdict::againstP95Ms),
            new Column<>("against_p99_ms", "its p99", Verdict::againstP99Ms),
            new Column<>("trade_off", String.format(Locale.ROOT, "whether the lead was bought with latency: the winner's p99"
                    + " over %.1f times the other's and %.0f ms more", Verdicts.TRADE_OFF, Verdicts.TRADE_OFF_FLOOR_MS),
                    Verdict::tradeOff)));

    private final String title;
    private final List<Column<T>> columns;

    private Columns(String title, List<Column<T>> columns) {
        this.title = title;
        this.columns = columns;
    }

    /** A table of the columns in their order, each with what it holds: docs/report.md's. */
    public String markdown() {
        StringBuilder md = new StringBuilder("## ").append(title).append("\n\n| column | what it holds |\n|---|---|\n");
        columns.forEach(c -> md.append("| `").append(c.name()).append("` | ").append(c.meaning().replace("|", "\\|")).append(" |\n"));
        return md.toString();
    }

    public String header() {
        return String.join(",", columns.stream().map(Column::name).toList());
    }

    /** The CSV file: the header, then a row each. */
    public List<String> csv(List<T> rows) {
        List<String> lines = new ArrayList<>();
        lines.add(header());
        for (T row : rows) {
            lines.add(String.join(",", columns.stream().map(c -> csv(c.value().apply(row))).toList()));
        }
        return lines;
    }

    /** One row's columns, by name, typed: a figure that is none (NaN, infinite) is null. */
    Map<String, Object> typed(T row) {
        Map<String, Object> typed = new LinkedHashMap<>();
        for (Column<T> c : columns) {
            Object value = c.value().apply(row);
            typed.put(c.name(), value instanceof Double d && (d.isNaN() || d.isInfinite()) ? null : value);
        }
        return typed;
    }

    private static String csv(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double d) {
            return num(d);
        }
        if (value instanceof Boolean b) {
            return b ? "yes" : "no";
        }
        if (value instanceof List<?> list) {
            return String.join(" ", list.stream().map(v -> num((Double) v)).toList());
        }
        return String.valueOf(value);
    }

    /** A figure as the CSV writes it: three decimals, empty where there is none. */
    static String num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }
}
