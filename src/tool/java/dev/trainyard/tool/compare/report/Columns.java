package dev.trainyard.tool.compare.report;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Verdicts.Verdict;
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

    /** @param value a String, a whole number, a double (NaN: none), a boolean, a list of doubles (in the order run), or null for none */
    private record Column<T>(String name, Function<T, Object> value) {
    }

    /** cells.csv's and summary.json's cells. */
    public static final Columns<CellResult> CELLS = new Columns<>(List.of(
            new Column<CellResult>("server", CellResult::server),
            new Column<>("variant", r -> r.run().label()),
            new Column<>("experiment", r -> r.spec().experiment()),
            new Column<>("style", r -> r.spec().style()),
            new Column<>("users", r -> r.spec().users()),
            new Column<>("offered_rate", r -> r.spec().rate()),
            new Column<>("requests", r -> r.stats().samples()),
            new Column<>("seconds", r -> r.stats().seconds()),
            new Column<>("throughput", r -> r.stats().throughput()),
            new Column<>("little_limit", r -> r.littleLimit()),
            new Column<>("limit_share", r -> r.limitShare()),
            // Closed cells time each answer from its send (closed-loop); open ones from when it was due.
            new Column<>("latency_from", r -> r.spec().open() ? "due" : "send"),
            new Column<>("p50_ms", r -> r.stats().p50Ms()),
            new Column<>("p95_ms", r -> r.stats().p95Ms()),
            new Column<>("p99_ms", r -> r.stats().p99Ms()),
            new Column<>("max_ms", r -> r.stats().maxMs()),
            new Column<>("error_rate", r -> r.stats().errorRate()),
            new Column<>("platform_threads_peak", r -> r.facts().platformThreadsPeak()),
            new Column<>("busy_platform_peak", r -> r.facts().busyPlatformPeak()),
            new Column<>("busy_virtual_peak", r -> r.facts().busyVirtualPeak()),
            new Column<>("queue_peak", r -> r.facts().queuePeak()),
            new Column<>("train_mean_batch", r -> r.facts().meanBatch()),
            new Column<>("db_trips_per_request", r -> r.tripsPerRequest()),
            new Column<>("audit", r -> r.audit() == null ? null : r.audit().holds() ? "ok" : "mismatch"),
            new Column<>("status", r -> r.failed() ? "failed: " + r.failure().replace(',', ';') : "ok"),
            new Column<>("wrk_throughput", r -> r.lean() == null ? null : r.lean().throughput()),
            new Column<>("wrk_p95_ms", r -> r.lean() == null ? null : r.lean().p95Ms()),
            new Column<>("jmeter_over_wrk", r -> r.agreement()),
            new Column<>("trials", r -> r.trials() == null ? 1 : r.trials().n()),
            new Column<>("throughput_ci_low", r -> r.trials() == null ? null : r.trials().low()),
            new Column<>("throughput_ci_high", r -> r.trials() == null ? null : r.trials().high()),
            new Column<>("client_cpu_share", r -> r.clientCpu()),
            new Column<>("client_bound", CellResult::clientBound),
            new Column<>("top_wait_site", r -> r.facts().waits().top() == null ? null : r.facts().waits().top().name().toLowerCase(Locale.ROOT)),
            new Column<>("top_wait_threads", r -> r.facts().waits().top() == null ? null : r.facts().waits().at(r.facts().waits().top())),
            new Column<>("threads_in_war", r -> r.facts().waits().samples() == 0 ? null : r.facts().waits().working()),
            new Column<>("wait_samples", r -> r.facts().waits().samples()),
            new Column<>("pool_waiting", r -> r.facts().poolWaiting()),
            new Column<>("resident_peak_mb", r -> r.facts().residentPeakBytes() / 1048576),
            new Column<>("cpu_ms_per_1000", r -> r.cpuMsPer1000()),
            new Column<>("trial_throughputs", r -> r.trials() == null ? List.of(r.stats().throughput())
                    : Arrays.stream(r.trials().samples()).boxed().toList())));

    /** verdicts.csv's and summary.json's verdicts. */
    public static final Columns<Verdict> VERDICTS = new Columns<>(List.of(
            new Column<Verdict>("variant", Verdict::variant),
            new Column<>("experiment", Verdict::experiment),
            new Column<>("users", Verdict::users),
            new Column<>("winner", Verdict::winner),
            new Column<>("ratio", Verdict::ratio),
            new Column<>("strength", v -> v.strength().name()),
            new Column<>("ratio_low", Verdict::low),
            new Column<>("ratio_high", Verdict::high),
            new Column<>("trials_set_aside", Verdict::setAside),
            new Column<>("trials", Verdict::trials),
            new Column<>("p95_ms", Verdict::p95Ms),
            new Column<>("p99_ms", Verdict::p99Ms),
            new Column<>("against_p95_ms", Verdict::againstP95Ms),
            new Column<>("against_p99_ms", Verdict::againstP99Ms),
            new Column<>("trade_off", Verdict::tradeOff)));

    private final List<Column<T>> columns;

    private Columns(List<Column<T>> columns) {
        this.columns = columns;
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
