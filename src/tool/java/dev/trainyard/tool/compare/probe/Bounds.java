package dev.trainyard.tool.compare.probe;

import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.run.MetricsScrape;
import java.util.Map;

/**
 * A server variant's concurrency bounds, read once from its /metrics, and the Little's-law
 * limit they put on a cell: with C requests in service at once, each taking S seconds, no
 * server can answer more than C / S per second. C is the users, capped by whatever the style
 * waits on (request threads for blocking, an executor's bound for offloading).
 *
 * @param requestThreads the request thread bound (infinite on virtual threads)
 */
public record Bounds(double requestThreads, Map<String, Double> metrics) {

    /**
     * @param configuredThreads trainyard.http.threads from server-configs/trainyard.properties:
     *     GlassFish applies it but shows no bean the WAR can read it from
     */
    public static Bounds of(Map<String, Double> metrics, double configuredThreads) {
        if (MetricsScrape.sum(metrics, "trainyard_request_thread_virtual") == 1) {
            return new Bounds(Double.POSITIVE_INFINITY, metrics);
        }
        double threads = MetricsScrape.sum(metrics, "trainyard_server_request_threads_max");
        return new Bounds(threads > 0 ? threads : configuredThreads, metrics);
    }

    public double littleLimit(CellSpec cell) {
        if (Double.isNaN(cell.serviceSeconds()) || cell.users() == 0) {
            return Double.NaN;
        }
        double concurrent = cell.users();
        if (cell.bound().kind() == Bound.Kind.THREADS) {
            concurrent = Math.min(concurrent, requestThreads);
        } else if (cell.bound().kind() == Bound.Kind.POOL) {
            double max = MetricsScrape.sum(metrics, "trainyard_executor_max_concurrency", "executor=\"" + cell.bound().pool() + "\"");
            if (max > 0) {
                concurrent = Math.min(concurrent, max);
            }
        }
        return concurrent / cell.serviceSeconds();
    }
}
