package dev.trainyard.tool.compare.measure;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Where a comparison's wall time goes: the cells' planned load, and each fixed cost around it,
 * timed as the run goes and said at its end. It is the harness's own benchmark: a cost that grows
 * shows in every run, and {@link Progress}'s estimate is checked against it.
 */
public final class RunClock {

    /** The parts of a run outside the cells' planned load, in the order a run meets them. */
    public enum Part {
        DATABASE("the database's start and stop"),
        START("server starts"),
        HOLD("thread model holds"),
        WARM_UP("warm-ups"),
        VACUUM("the database's vacuums between rounds"),
        CELLS("the cells' fixed cost"),
        COST("the products cost"),
        STOP("server stops"),
        DASHBOARDS("JMeter's dashboards");

        private final String words;

        Part(String words) {
            this.words = words;
        }
    }

    /** Where a cell run's fixed cost goes. */
    public enum CellPart {
        PROBES("the audit's first count and the watch's start"),
        CLIENT("the client past its seconds"),
        WATCH("the watch's and the thread samples' stop"),
        SETTLE("the settle"),
        AUDIT("the audit");

        private final String words;

        CellPart(String words) {
            this.words = words;
        }
    }

    private final LongSupplier ticker;
    private final long started;
    private final Map<Part, Long> nanos = new EnumMap<>(Part.class);
    private final Map<CellPart, Long> cellNanos = new EnumMap<>(CellPart.class);
    private long loadNanos;
    private int cells;

    public RunClock() {
        this(System::nanoTime);
    }

    /** A clock on {@code ticker}'s nanoseconds. */
    RunClock(LongSupplier ticker) {
        this.ticker = ticker;
        this.started = ticker.getAsLong();
    }

    /** A moment to time a part from. */
    public long now() {
        return ticker.getAsLong();
    }

    /** The part took from {@code since} until now. */
    public void add(Part part, long since) {
        nanos.merge(part, now() - since, Long::sum);
    }

    /** That part of a cell run took from {@code since} until now, less {@code plannedSeconds} of load in it (NaN: all load). */
    public void add(CellPart part, long since, double plannedSeconds) {
        if (Double.isNaN(plannedSeconds)) {
            return;
        }
        cellNanos.merge(part, Math.max(0, now() - since - Math.round(plannedSeconds * 1e9)), Long::sum);
    }

    /**
     * One cell run took from {@code since} until now, of which {@code plannedSeconds} were its
     * load as its plan has it (an open cell's drain after its last arrival included; NaN: all of
     * it, as for a loop-bound cell, which ends when its loops do).
     */
    public void cell(long since, double plannedSeconds) {
        long took = now() - since;
        long planned = Double.isNaN(plannedSeconds) ? took : Math.min(took, Math.round(plannedSeconds * 1e9));
        loadNanos += planned;
        nanos.merge(Part.CELLS, took - planned, Long::sum);
        cells++;
    }

    /** The seconds beyond its load a cell run took on average so far, NaN before the first. */
    public double cellOverheadSeconds() {
        return cells == 0 ? Double.NaN : nanos.getOrDefault(Part.CELLS, 0L) / 1e9 / cells;
    }

    /** The run's wall time so far. */
    public double seconds() {
        return (now() - started) / 1e9;
    }

    /** The run so far: its wall time, the load in it, and each part outside the load. */
    public String sentence() {
        long all = now() - started;
        long outside = all - loadNanos;
        List<String> parts = new ArrayList<>();
        long named = 0;
        for (Part p : Part.values()) {
            long n = nanos.getOrDefault(p, 0L);
            if (n > 0) {
                named += n;
                parts.add(p.words + " " + seconds(n) + (p == Part.CELLS ? " (" + perCell() + ")" : ""));
            }
        }
        parts.add("the rest " + seconds(Math.max(0, outside - named)));
        return String.format(Locale.ROOT, "Where the run's time went: %s in all, %s of it the planned load of %d cell runs; outside it %s"
                + " (%.0f%%): %s.", seconds(all), seconds(loadNanos), cells, seconds(outside), all == 0 ? 0.0 : 100.0 * outside / all,
                String.join(", ", parts));
    }

    /** A cell run's fixed cost on average, and its parts'. */
    private String perCell() {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%.2f s a cell run", cellOverheadSeconds()));
        String sep = ": ";
        for (CellPart p : CellPart.values()) {
            if (cellNanos.containsKey(p)) {
                s.append(sep).append(p.words).append(String.format(Locale.ROOT, " %.2f", cellNanos.get(p) / 1e9 / cells));
                sep = ", ";
            }
        }
        return s.toString();
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}
