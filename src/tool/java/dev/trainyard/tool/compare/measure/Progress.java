package dev.trainyard.tool.compare.measure;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.experiments.Matrix;
import dev.trainyard.tool.compare.jvm.ThreadModelCost;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Measurement;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.ServerRun;
import java.util.List;
import java.util.Locale;

/**
 * Tells the user where the run is: which cell, its figures as soon as it ends, and about how long
 * is left (cells left times their planned length, plus the servers still to start).
 */
public final class Progress {

    // What RunClock measured here (each run's last line says where its time went): a default run's
    // parts and a smoke run's cells, whose loads are lower and whose users drain sooner.
    private static final int SERVER_START_SECONDS = 10;
    private static final int GLASSFISH_START_SECONDS = 50;
    /**
     * A cell's time beyond its planned load (the client's start and its users' last answers, the
     * settle, the audit) until the run has timed a few of its own (RunClock).
     */
    private static final double CELL_OVERHEAD_SECONDS = 0.4;
    private static final double SMOKE_CELL_OVERHEAD_SECONDS = 0.15;
    private static final int MEASURED_CELLS = 3;
    /** A variant's stop, and its JMeter dashboard (longer with more samples). */
    private static final int STOP_SECONDS = 2;
    private static final int DASHBOARD_SECONDS = 14;
    private static final int SMOKE_DASHBOARD_SECONDS = 5;

    private final Options options;
    /** The cell runs planned, further trials as many as the budget allows (fewer once a variant leaves some unspent). */
    private int totalCells;
    private final int totalServers;
    /** Per server variant, in order: its start, its warm-up (every distinct path once) and its thread model cost. */
    private final long[] startSeconds;
    private int cellsDone;
    /** The planned load of the cell runs still to come, in seconds. */
    private double loadLeft;
    private int serversStarted;
    /** This run's own cell overhead so far, as its clock measured it; NaN until it has timed a few cells. */
    private double measuredOverhead = Double.NaN;

    /** @param dashboardsBehind whether each variant's dashboard is drawn while the next one starts (all but the last cost nothing) */
    public Progress(Options options, List<ServerRun> variants, boolean dashboardsBehind) {
        this(options, variants, dashboardsBehind, true);
    }

    private Progress(Options options, List<ServerRun> variants, boolean dashboardsBehind, boolean announce) {
        this.options = options;
        this.totalCells = variants.stream().mapToInt(v -> Matrix.cells(options, v.variant(), !v.server().equals("glassfish")).stream()
                .mapToInt(c -> c.trials().least()).sum() + further(options, v)).sum();
        this.loadLeft = variants.stream().flatMap(v -> Matrix.cells(options, v.variant(), !v.server().equals("glassfish")).stream())
                .mapToDouble(c -> c.trials().least() * planned(c)).sum() + variants.stream().mapToInt(v -> further(options, v)).sum() * timed();
        this.totalServers = variants.size();
        this.startSeconds = new long[variants.size()];
        for (int i = 0; i < startSeconds.length; i++) {
            ServerRun v = variants.get(i);
            boolean drawn = options.dashboards() && (!dashboardsBehind || i == startSeconds.length - 1);
            // A run that follows another on its server's start (another protocol) starts nothing and holds no users.
            boolean starts = i == 0 || !v.sharesStartWith(variants.get(i - 1));
            startSeconds[i] = (starts ? (v.server().equals("glassfish") ? GLASSFISH_START_SECONDS : SERVER_START_SECONDS) + STOP_SECONDS : 0)
                    + Math.round(starts ? Measurement.warmUpMostSeconds(options, cellOverhead()) : oneRound(options, v))
                    + (options.threadCost() && starts ? ThreadModelCost.TAKES_SECONDS : 0)
                    + (drawn ? options.smoke() ? SMOKE_DASHBOARD_SECONDS : DASHBOARD_SECONDS : 0);
        }
        if (announce) {
            int further = variants.stream().mapToInt(v -> further(options, v)).sum();
            System.out.printf(Locale.ROOT, "%nTrainyard comparison: %d server variant(s), %d cell runs%s, about %s%s%n",
                    totalServers, totalCells, further == 0 ? ""
                            : String.format(Locale.ROOT, " (%d of them further trials for the verdicts still open, at most %d per variant)",
                                    further, options.extraTrials()),
                    minutes(secondsLeft()), further == 0 ? "" : " at most");
        }
    }

    /** @param starts whether the variant starts its server (false: it follows another protocol on that start) */
    void serverStarting(String server, String variant, boolean starts) {
        serversStarted++;
        System.out.printf(Locale.ROOT, "%n== %s/%s (server variant %d of %d%s), about %s left%n", server, variant, serversStarted, totalServers,
                starts ? "" : ", on the same start", minutes(secondsLeft()));
    }

    /** The cell runs ended so far. */
    int cellsDone() {
        return cellsDone;
    }

    void cellStarting(String server, String variant, CellSpec cell, int trial) {
        System.out.printf(Locale.ROOT, "[%d/%d %s/%s] %s%s ... ", cellsDone + 1, totalCells, server, variant, cell.label(),
                cell.trials().sequential() && trial > cell.trials().least() ? " (trial " + trial + ", up to " + cell.trials().most() + ": its verdict is open)"
                        : cell.trials().least() > 1 ? " (trial " + trial + " of " + cell.trials().least() + ")" : "");
        System.out.flush();
    }

    /** A cell ended; {@code overheadSoFar} is the run's mean time beyond a cell's load until now (RunClock). */
    void cellDone(CellResult r, double overheadSoFar) {
        cellsDone++;
        loadLeft -= planned(r.spec());
        if (cellsDone >= MEASURED_CELLS) {
            measuredOverhead = overheadSoFar;
        }
        CellStats s = r.stats();
        System.out.printf(Locale.ROOT, "%.1f req/s%s%s, p95 %.0f ms, errors %.2f%%%s%s; %s left%n", s.throughput(),
                Double.isNaN(r.littleLimit()) ? "" : String.format(Locale.ROOT, " (%.0f%% of %.0f)", 100 * r.limitShare(), r.littleLimit()),
                r.lean() == null ? "" : String.format(Locale.ROOT, " [wrk %.1f req/s, JMeter/wrk %.2f]", r.lean().throughput(), r.agreement()),
                s.p95Ms(), 100 * s.errorRate(), (r.audit() == null ? "" : ", " + r.audit().describe())
                        + (r.clientBound() ? String.format(Locale.ROOT, ", client-bound (%.0f%% of its CPU)", 100 * r.clientCpu()) : ""),
                r.failed() ? " FAILED: " + r.failure() : "", minutes(secondsLeft()));
    }

    /**
     * One round of a variant's warm-up, all that a protocol after the first on the same start is
     * expected to take: the server's JIT is quiet by then.
     */
    private double oneRound(Options options, ServerRun v) {
        return WarmUp.paths(Matrix.cells(options, v.variant(), !v.server().equals("glassfish"))).size()
                * (Measurement.WARM_UP_SECONDS + cellOverhead());
    }

    /** The further trials a variant may run at most ({@link Matrix#furtherTrials}). */
    private static int further(Options options, ServerRun variant) {
        return Matrix.furtherTrials(options, Matrix.cells(options, variant.variant(), !variant.server().equals("glassfish")));
    }

    /** A variant ended with this many of its further trials unspent: its verdicts were decided or level sooner. */
    void unspent(int cellRuns) {
        totalCells -= cellRuns;
        loadLeft -= cellRuns * timed();
    }

    void costDone(CellSpec cost) {
        cellsDone++;
        loadLeft -= planned(cost);
    }

    /** The planned length of a whole run: what the default mode must keep within its budget. */
    public static long estimateSeconds(Options options, List<ServerRun> variants, boolean dashboardsBehind) {
        return new Progress(options, variants, dashboardsBehind, false).secondsLeft();
    }

    private long secondsLeft() {
        long cells = Math.round(Math.max(0, loadLeft) + (totalCells - cellsDone) * cellOverhead());
        long servers = 0;
        for (int i = serversStarted; i < startSeconds.length; i++) {
            servers += startSeconds[i];
        }
        return cells + servers;
    }

    /** A cell run's planned load; one whose loops decide counted as a timed one. */
    private double planned(CellSpec cell) {
        double planned = cell.plannedSeconds(options);
        return Double.isNaN(planned) ? timed() : planned;
    }

    /** A timed cell run's load: what a further trial of a cell yet unknown is counted as. */
    private double timed() {
        return options.warmup() + options.seconds();
    }

    private double cellOverhead() {
        if (!Double.isNaN(measuredOverhead)) {
            return measuredOverhead;
        }
        return options.smoke() ? SMOKE_CELL_OVERHEAD_SECONDS : CELL_OVERHEAD_SECONDS;
    }

    private static String minutes(long seconds) {
        return seconds < 90 ? seconds + " s" : String.format(Locale.ROOT, "%d min %02d s", seconds / 60, seconds % 60);
    }
}
