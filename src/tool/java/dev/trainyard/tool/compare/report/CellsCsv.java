package dev.trainyard.tool.compare.report;

import dev.trainyard.tool.compare.analysis.CellResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * cells.csv: every cell, one row, each column's name beside how its value is read, so that no
 * column can slip out of step with its header. Users' scripts read these names: a column is
 * added at the end, never renamed or moved.
 */
final class CellsCsv {

    private record Column(String name, Function<CellResult, String> value) {
    }

    private static final List<Column> COLUMNS = List.of(
            new Column("server", CellResult::server),
            new Column("variant", r -> r.run().label()),
            new Column("experiment", r -> r.spec().experiment()),
            new Column("style", r -> r.spec().style()),
            new Column("users", r -> String.valueOf(r.spec().users())),
            new Column("offered_rate", r -> String.valueOf(r.spec().rate())),
            new Column("requests", r -> String.valueOf(r.stats().samples())),
            new Column("seconds", r -> num(r.stats().seconds())),
            new Column("throughput", r -> num(r.stats().throughput())),
            new Column("little_limit", r -> num(r.littleLimit())),
            new Column("limit_share", r -> num(r.limitShare())),
            new Column("p50_ms", r -> num(r.stats().p50Ms())),
            new Column("p95_ms", r -> num(r.stats().p95Ms())),
            new Column("p99_ms", r -> num(r.stats().p99Ms())),
            new Column("max_ms", r -> num(r.stats().maxMs())),
            new Column("error_rate", r -> num(r.stats().errorRate())),
            new Column("platform_threads_peak", r -> num(r.facts().platformThreadsPeak())),
            new Column("busy_platform_peak", r -> num(r.facts().busyPlatformPeak())),
            new Column("busy_virtual_peak", r -> num(r.facts().busyVirtualPeak())),
            new Column("queue_peak", r -> num(r.facts().queuePeak())),
            new Column("train_mean_batch", r -> num(r.facts().meanBatch())),
            new Column("db_trips_per_request", r -> num(r.tripsPerRequest())),
            new Column("audit", r -> r.audit() == null ? "" : r.audit().holds() ? "ok" : "mismatch"),
            new Column("status", r -> r.failed() ? "failed: " + r.failure().replace(',', ';') : "ok"),
            new Column("wrk_throughput", r -> r.lean() == null ? "" : num(r.lean().throughput())),
            new Column("wrk_p95_ms", r -> r.lean() == null ? "" : num(r.lean().p95Ms())),
            new Column("jmeter_over_wrk", r -> num(r.agreement())),
            new Column("trials", r -> String.valueOf(r.trials() == null ? 1 : r.trials().n())),
            new Column("throughput_ci_low", r -> r.trials() == null ? "" : num(r.trials().low())),
            new Column("throughput_ci_high", r -> r.trials() == null ? "" : num(r.trials().high())),
            new Column("client_cpu_share", r -> num(r.clientCpu())),
            new Column("client_bound", r -> r.clientBound() ? "yes" : "no"),
            new Column("top_wait_site", r -> r.facts().waits().top() == null ? "" : r.facts().waits().top().name().toLowerCase(Locale.ROOT)),
            new Column("top_wait_threads", r -> r.facts().waits().top() == null ? "" : num(r.facts().waits().at(r.facts().waits().top()))),
            new Column("threads_in_war", r -> r.facts().waits().samples() == 0 ? "" : num(r.facts().waits().working())),
            new Column("wait_samples", r -> String.valueOf(r.facts().waits().samples())),
            new Column("pool_waiting", r -> num(r.facts().poolWaiting())),
            new Column("resident_peak_mb", r -> num(r.facts().residentPeakBytes() / 1048576)),
            new Column("cpu_ms_per_1000", r -> num(r.cpuMsPer1000())));

    private CellsCsv() {
    }

    static String header() {
        return String.join(",", COLUMNS.stream().map(Column::name).toList());
    }

    static List<String> lines(List<CellResult> results) {
        List<String> lines = new ArrayList<>();
        lines.add(header());
        for (CellResult r : results) {
            lines.add(String.join(",", COLUMNS.stream().map(c -> c.value().apply(r)).toList()));
        }
        return lines;
    }

    /** A figure as the CSV writes it: three decimals, empty where there is none. */
    static String num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }
}
