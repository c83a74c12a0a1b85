package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.jvm.WaitSites;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Measurement;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.probe.EntryAudit;
import dev.trainyard.tool.compare.probe.ServerActivity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * One measured cell: the server run it ran on, JMeter's figures, the server's facts, the limit it is read
 * against and, for cells that write, the audit.
 *
 * @param audit null when the cell writes nothing
 * @param failure why the cell failed (errors, audit mismatch, a run that did not finish), or null
 * @param lean wrk's figures for the same work, users and seconds, or null when not cross-checked
 * @param trials the throughput over every trial of the cell, or null for one trial's result
 * @param clientCpu the share of its CPUs the load client used during the cell (0..1), NaN when unknown; over
 *     several trials, the busiest trial's
 * @param trialClientCpu that share in each trial, in the order they ran
 */
public record CellResult(ServerRun run, CellSpec spec, CellStats stats, ServerActivity facts, double littleLimit,
        EntryAudit.Verdict audit, String failure, Path results, Lean lean, Interval trials, double clientCpu,
        double[] trialClientCpu, String client) {

    /** One trial's result, measured by {@code client} ({@code LoadClient.key()}). */
    public CellResult(ServerRun run, CellSpec spec, CellStats stats, ServerActivity facts, double littleLimit,
            EntryAudit.Verdict audit, String failure, Path results, Lean lean, Interval trials, double clientCpu, String client) {
        this(run, spec, stats, facts, littleLimit, audit, failure, results, lean, trials, clientCpu, new double[] {clientCpu}, client);
    }

    /** One trial's result, its client not named. */
    public CellResult(ServerRun run, CellSpec spec, CellStats stats, ServerActivity facts, double littleLimit,
            EntryAudit.Verdict audit, String failure, Path results, Lean lean, Interval trials, double clientCpu) {
        this(run, spec, stats, facts, littleLimit, audit, failure, results, lean, trials, clientCpu, null);
    }

    /**
     * One cell's trials as one result: the trial with the median throughput stands for the cell,
     * with the interval of all of them and the thread samples of all of them; a cell fails if any
     * of its trials failed.
     */
    public static CellResult combine(List<CellResult> trials) {
        List<CellResult> sorted = new ArrayList<>(trials);
        sorted.sort(Comparator.comparingDouble(r -> r.stats().throughput()));
        CellResult median = sorted.get((sorted.size() - 1) / 2);
        Interval interval = Interval.at(median.spec.trials().confidence(), trials.stream().mapToDouble(r -> r.stats().throughput()).toArray());
        String failure = null;
        for (int i = 0; i < trials.size() && failure == null; i++) {
            if (trials.get(i).failed()) {
                failure = "trial " + (i + 1) + ": " + trials.get(i).failure();
            }
        }
        double[] clientCpus = trials.stream().mapToDouble(CellResult::clientCpu).toArray();
        double busiest = Arrays.stream(clientCpus).max().orElse(Double.NaN);
        WaitSites waits = WaitSites.pool(trials.stream().map(r -> r.facts().waits()).toList());
        return new CellResult(median.run, median.spec, median.stats, median.facts.with(waits), median.littleLimit,
                median.audit, failure, median.results, median.lean, interval, busiest, clientCpus, median.client);
    }

    /** The lean client's measurement of the same cell. */
    public record Lean(double throughput, double p95Ms, long errors) {
    }

    /** JMeter's throughput over wrk's: below 1 where JMeter took cores the server would have used. */
    public double agreement() {
        return lean == null || lean.throughput() == 0 ? Double.NaN : stats.throughput() / lean.throughput();
    }

    /** Whether the load client ran out of CPU during the cell (in any of its trials): its figures measure the client. */
    public boolean clientBound() {
        return clientCpu >= Measurement.CLIENT_BOUND;
    }

    /** For each trial, in the order they ran, whether the load client ran out of CPU in it. */
    boolean[] boundTrials() {
        boolean[] bound = new boolean[trialClientCpu.length];
        for (int i = 0; i < bound.length; i++) {
            bound[i] = trialClientCpu[i] >= Measurement.CLIENT_BOUND;
        }
        return bound;
    }

    /** The server's name. */
    public String server() {
        return run.server();
    }

    /** The server variant as the report names it ("tomcat/platform h2"). */
    public String variantName() {
        return run.name();
    }

    public boolean failed() {
        return failure != null;
    }

    public double limitShare() {
        return Double.isNaN(littleLimit) ? Double.NaN : stats.throughput() / littleLimit;
    }

    /**
     * CPU milliseconds the server's process spent per 1,000 requests, over the whole cell (warm-up
     * included on both sides): what a style costs the server, whatever its throughput.
     */
    public double cpuMsPer1000() {
        return stats.total() == 0 ? Double.NaN : facts.cpuSeconds() * 1e6 / stats.total();
    }

    /** Database round trips per successful request: 1 for blocking and async, the Train's own count for train. */
    public double tripsPerRequest() {
        if (!spec.style().equals("train") || stats.okTotal() == 0) {
            return spec.writesEntries() ? 1 : Double.NaN;
        }
        return facts.trainRoundTrips() / stats.okTotal();
    }
}
