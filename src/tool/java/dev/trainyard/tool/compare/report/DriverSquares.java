package dev.trainyard.tool.compare.report;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.plan.Driver;
import dev.trainyard.tool.compare.plan.Row;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * E1's cross of web style and database driver, read at a glance: a row per server variant, query
 * (or answer size) and load where the run measured all four combinations, each with its
 * throughput, its failed answers and the request threads it held at its peak (the original's
 * 223 threads against 8).
 */
public final class DriverSquares {

    /** The four combinations, in the table's order: the row's style and whether it is the R2DBC row. */
    /** One web style on one driver. */
    private record Combination(String style, Driver driver) {
    }

    private static final List<Combination> COMBINATIONS = List.of(new Combination("blocking", Driver.JDBC),
            new Combination("async", Driver.JDBC), new Combination("blocking", Driver.R2DBC), new Combination("async", Driver.R2DBC));

    private final List<CellResult> results;

    DriverSquares(List<CellResult> results) {
        this.results = results;
    }

    /** One square: where, what, at which load, and its four cells (blocking+JDBC, async+JDBC, blocking+R2DBC, async+R2DBC). */
    record Square(String where, String experiment, int users, List<CellResult> cells) {
    }

    List<Square> squares() {
        return results.stream().filter(r -> r.spec().row().driver() == Driver.R2DBC)
                .map(r -> find(r.variantName(), r.spec().row().on(Driver.JDBC), r.spec().users())).flatMap(Optional::stream).distinct().toList();
    }

    private Optional<Square> find(String where, Row jdbc, int users) {
        List<CellResult> cells = COMBINATIONS.stream().map(c -> results.stream()
                .filter(r -> r.variantName().equals(where) && r.spec().row().equals(jdbc.on(c.driver())) && r.spec().style().equals(c.style())
                        && r.spec().users() == users).findFirst()).flatMap(Optional::stream).toList();
        return cells.size() == COMBINATIONS.size() ? Optional.of(new Square(where, jdbc.name(), users, cells)) : Optional.empty();
    }

    void html(StringBuilder h) {
        List<Square> squares = squares();
        if (squares.isEmpty()) {
            return;
        }
        h.append("<h2>Web style x database driver</h2><p>Each query or answer size the run measured on both drivers: ")
                .append("successful answers per second, the share of answers that failed (503: a bound shed the request) and the ")
                .append("request threads inside the WAR at once at their peak (from /metrics; none where it was not watched): the async ")
                .append("styles hand the wait on to the database executor's threads (JDBC) or the driver's event loops (R2DBC).</p>")
                .append("<table id=\"drivers\"><tr><th class=\"l\">server variant</th><th class=\"l\">rows</th><th>users</th>")
                .append("<th>blocking + JDBC</th><th>async + JDBC</th><th>blocking + R2DBC</th><th>async + R2DBC</th></tr>");
        for (Square s : squares) {
            h.append("<tr><td class=\"l\">").append(escapeHtml4(s.where())).append("</td><td class=\"l\">").append(escapeHtml4(s.experiment()))
                    .append("</td><td>").append(s.users()).append("</td>");
            s.cells().forEach(c -> h.append("<td>").append(escapeHtml4(figures(c))).append("</td>"));
            h.append("</tr>");
        }
        h.append("</table>\n");
    }

    /** "2364 req/s, 3.0% failed, 231 threads". */
    static String figures(CellResult c) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%.0f req/s", c.stats().throughput()));
        if (c.stats().errors() > 0) {
            double percent = 100 * c.stats().errorRate();
            s.append(percent < 0.05 ? ", <0.1% failed" : String.format(Locale.ROOT, ", %.1f%% failed", percent));
        }
        if (c.facts().scrapes() > 0) {
            double threads = c.facts().requestThreadsPeak();
            s.append(String.format(Locale.ROOT, ", %.0f thread%s", threads, threads == 1 ? "" : "s"));
        }
        return s.toString();
    }
}
