package dev.trainyard.tool.compare;

import java.nio.file.Path;

/**
 * One measured cell: where it ran, JMeter's figures, the server's facts, the limit it is read
 * against and, for cells that write, the audit.
 *
 * @param audit null when the cell writes nothing
 * @param failure why the cell failed (errors, audit mismatch, a run that did not finish), or null
 * @param lean wrk's figures for the same work, users and seconds, or null when not cross-checked
 */
record CellResult(String server, String variant, CellSpec spec, CellStats stats, ServerActivity facts, double littleLimit,
        EntryAudit.Verdict audit, String failure, Path results, Lean lean) {

    /** The lean client's measurement of the same cell. */
    record Lean(double throughput, double p95Ms, long errors) {
    }

    /** JMeter's throughput over wrk's: below 1 where JMeter took cores the server would have used. */
    double agreement() {
        return lean == null || lean.throughput() == 0 ? Double.NaN : stats.throughput() / lean.throughput();
    }

    String variantName() {
        return server + "/" + variant;
    }

    boolean failed() {
        return failure != null;
    }

    double limitShare() {
        return Double.isNaN(littleLimit) ? Double.NaN : stats.throughput() / littleLimit;
    }

    /** Database round trips per successful request: 1 for blocking and async, the Train's own count for train. */
    double tripsPerRequest() {
        if (!spec.style().equals("train") || stats.okTotal() == 0) {
            return spec.writesEntries() ? 1 : Double.NaN;
        }
        return facts.trainRoundTrips() / stats.okTotal();
    }
}
