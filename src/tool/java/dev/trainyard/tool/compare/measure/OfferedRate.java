package dev.trainyard.tool.compare.measure;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Row;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The arrivals per second of one server variant's open cells that offer a share of a closed
 * row's peak ({@link CellSpec#sharing}): set once per row, from that row's closed cells measured
 * so far, so that every style of the open row meets the same load. The peak is the least of the
 * styles' peaks, so that every style can carry the load and their latencies compare at it.
 */
final class OfferedRate {

    private final int sharePercent;
    private final List<CellSpec> cells;
    private final Consumer<String> said;
    private final Map<Row, Integer> rates = new HashMap<>();

    /**
     * @param cells the variant's cells, whose open ones name the styles a peak is taken over
     * @param said where each rate is told, once, with the peak it was taken from
     */
    OfferedRate(int sharePercent, List<CellSpec> cells, Consumer<String> said) {
        this.sharePercent = sharePercent;
        this.cells = cells;
        this.said = said;
    }

    /** The cell as it runs: an open cell waiting for its peak at its rate; any other as it is. */
    CellSpec of(CellSpec cell, Map<CellSpec, List<CellResult>> trials) {
        if (cell.peakOf() == null || cell.rate() > 0) {
            return cell;
        }
        return cell.at(rates.computeIfAbsent(cell.peakOf(), row -> rate(row, trials)));
    }

    private int rate(Row closed, Map<CellSpec, List<CellResult>> trials) {
        List<String> styles = cells.stream().filter(c -> closed.equals(c.peakOf())).map(CellSpec::style).distinct().toList();
        String least = null;
        double peak = Double.POSITIVE_INFINITY;
        for (String style : styles) {
            double p = peak(closed, style, trials);
            if (p < peak) {
                peak = p;
                least = style;
            }
        }
        int rate = rate(peak, sharePercent);
        said.accept(String.format(Locale.ROOT, "open %s: %d req/s offered to every style, %d%% of %s's closed peak (%.0f req/s, its best load's mean)",
                closed.name(), rate, sharePercent, least, peak));
        return rate;
    }

    /** {@code percent} of {@code peak} requests per second, at least one: a closed row that served nothing still gets its open cells run and seen. */
    static int rate(double peak, int percent) {
        return (int) Math.max(1, Math.round(peak * percent / 100));
    }

    /** A style's peak in a closed row: its best load's mean throughput over the trials run so far; 0 if none ran. */
    static double peak(Row closed, String style, Map<CellSpec, List<CellResult>> trials) {
        return trials.entrySet().stream()
                .filter(e -> e.getKey().row().equals(closed) && e.getKey().users() > 0 && e.getKey().style().equals(style))
                .mapToDouble(e -> e.getValue().stream().mapToDouble(r -> r.stats().throughput()).average().orElse(0))
                .max().orElse(0);
    }
}
