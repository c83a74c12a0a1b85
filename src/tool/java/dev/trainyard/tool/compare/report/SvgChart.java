package dev.trainyard.tool.compare.report;

import static org.apache.commons.text.StringEscapeUtils.escapeXml10;

import dev.trainyard.tool.compare.analysis.Interval;
import dev.trainyard.tool.compare.load.LatencyOverTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * A line chart as inline SVG: the report stays one self-contained file that opens anywhere,
 * with no script and no network. Loads spread over decades (1 to 1,000 users) get a log x
 * axis; latencies that do get a log y axis.
 */
public final class SvgChart {

    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"};
    private static final int W = 460;
    private static final int H = 270;
    private static final int LEFT = 62;
    private static final int RIGHT = 12;
    private static final int TOP = 28;
    private static final int BOTTOM = 78;
    private static final int MAX_LABELS = 16;

    /** A point; failed points are ringed in red; low and high draw its interval as an error bar (NaN: none). */
    record Point(double x, double y, boolean failed, double low, double high) {
    }

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final boolean logY;
    private final Map<String, List<Point>> series = new LinkedHashMap<>();

    SvgChart(String title, String xLabel, String yLabel, boolean logY) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.logY = logY;
    }

    SvgChart add(String name, double x, double y, boolean failed) {
        return add(name, x, y, failed, null);
    }

    /** A point with the interval of its trials drawn as an error bar, when it has one. */
    SvgChart add(String name, double x, double y, boolean failed, Interval trials) {
        if (Double.isFinite(y) && (!logY || y > 0)) {
            boolean bar = trials != null && trials.known();
            series.computeIfAbsent(name, n -> new ArrayList<>()).add(new Point(x, y, failed,
                    bar ? trials.low() : Double.NaN, bar ? trials.high() : Double.NaN));
        }
        return this;
    }

    boolean isEmpty() {
        return series.isEmpty();
    }

    String svg() {
        TreeSet<Double> xs = new TreeSet<>();
        double yMax = 0;
        double yMin = Double.POSITIVE_INFINITY;
        for (List<Point> points : series.values()) {
            points.sort((a, b) -> Double.compare(a.x(), b.x()));
            for (Point p : points) {
                xs.add(p.x());
                yMax = Math.max(yMax, Double.isNaN(p.high()) ? p.y() : Math.max(p.y(), p.high()));
                yMin = Math.min(yMin, p.y());
            }
        }
        boolean logX = !xs.isEmpty() && xs.first() > 0 && xs.last() / xs.first() >= 10;
        Axis x = new Axis(xs.isEmpty() ? 0 : xs.first(), xs.isEmpty() ? 1 : xs.last(), logX, LEFT, W - RIGHT);
        Axis y = logY ? new Axis(Math.pow(10, Math.floor(Math.log10(yMin))), Math.pow(10, Math.ceil(Math.log10(yMax))), true, H - BOTTOM, TOP)
                : new Axis(0, nice(yMax), false, H - BOTTOM, TOP);
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">%n", W, H, W, H));
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"16\" font-size=\"13\" font-weight=\"bold\">%s</text>%n", LEFT, escapeXml10(title)));
        // Axes and ticks.
        s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>%n", LEFT, H - BOTTOM, W - RIGHT, H - BOTTOM));
        s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>%n", LEFT, TOP, LEFT, H - BOTTOM));
        // A tick for every load measured; a long time axis labels every few seconds so its numbers do not overlap.
        int every = Math.max(1, (xs.size() + MAX_LABELS - 1) / MAX_LABELS);
        int k = 0;
        for (double v : xs) {
            double px = x.at(v);
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>", px, H - BOTTOM, px, H - BOTTOM + 4));
            if (k++ % every == 0) {
                s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>", px, H - BOTTOM + 16, number(v)));
            }
            s.append('\n');
        }
        for (double v : y.ticks()) {
            double py = y.at(v);
            s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>", LEFT, py, W - RIGHT, py));
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT - 4, py + 4, number(v)));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", (LEFT + W - RIGHT) / 2, H - BOTTOM + 32, escapeXml10(xLabel)));
        s.append(String.format(Locale.ROOT, "<text transform=\"translate(14,%d) rotate(-90)\" text-anchor=\"middle\">%s</text>%n", (TOP + H - BOTTOM) / 2, escapeXml10(yLabel)));
        // Series and legend.
        int i = 0;
        for (Map.Entry<String, List<Point>> e : series.entrySet()) {
            String colour = COLOURS[i % COLOURS.length];
            StringBuilder path = new StringBuilder();
            for (Point p : e.getValue()) {
                path.append(String.format(Locale.ROOT, "%.1f,%.1f ", x.at(p.x()), y.at(p.y())));
            }
            s.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>%n", colour, path.toString().trim()));
            for (Point p : e.getValue()) {
                if (!Double.isNaN(p.low())) {
                    double px = x.at(p.x());
                    s.append(String.format(Locale.ROOT, "<line class=\"interval\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>%n",
                            px, y.at(Math.max(p.low(), logY ? p.y() / 10 : 0)), px, y.at(p.high()), colour));
                }
                s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"%s><title>%s: %s at %s</title></circle>%n",
                        x.at(p.x()), y.at(p.y()), colour, p.failed() ? " stroke=\"red\" stroke-width=\"3\"" : "",
                        escapeXml10(e.getKey()), number(p.y()), number(p.x())));
            }
            int lx = LEFT + (i % 3) * 130;
            int ly = H - BOTTOM + 48 + (i / 3) * 14;
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>%n",
                    lx, ly - 9, colour, lx + 14, ly, escapeXml10(e.getKey())));
            i++;
        }
        return s.append("</svg>").toString();
    }

    private static double nice(double max) {
        if (max <= 0) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(max)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (step * magnitude >= max) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    static String number(double v) {
        if (v >= 10_000) {
            return String.format(Locale.ROOT, "%.0fk", v / 1000);
        }
        if (v >= 100 || v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return String.format(Locale.ROOT, v >= 1 ? "%.1f" : "%.2f", v);
    }

    /** Maps values to pixels, linearly or on a log scale. */
    private record Axis(double min, double max, boolean log, double from, double to) {
        double at(double v) {
            double a = log ? Math.log10(min) : min;
            double b = log ? Math.log10(max) : max;
            double t = b == a ? 0.5 : ((log ? Math.log10(v) : v) - a) / (b - a);
            return from + t * (to - from);
        }

        List<Double> ticks() {
            List<Double> ticks = new ArrayList<>();
            if (log) {
                for (double v = min; v <= max * 1.0001; v *= 10) {
                    ticks.add(v);
                }
            } else {
                for (int k = 0; k <= 5; k++) {
                    ticks.add(min + k * (max - min) / 5);
                }
            }
            return ticks;
        }
    }
    private static final int SPARK_W = 120;
    private static final int SPARK_H = 26;

    /**
     * A cell's latency per second drawn small, for a table cell: its median (grey) and 99th
     * percentile (red) on a shared log axis, so that a stall shows as a spike; the figures in its
     * title. Empty where no second had an answer.
     */
    static String spark(LatencyOverTime t) {
        double least = Double.POSITIVE_INFINITY;
        double most = 0;
        for (double[] line : List.of(t.p50Ms(), t.p99Ms())) {
            for (double v : line) {
                if (Double.isFinite(v)) {
                    least = Math.min(least, Math.max(v, 1));
                    most = Math.max(most, Math.max(v, 1));
                }
            }
        }
        if (most == 0) {
            return "";
        }
        double low = Math.log10(least);
        double span = Math.max(Math.log10(most) - low, 0.3);
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg class=\"spark\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\"><title>per second over %d s: p50 %s ms, p99 %s ms</title>",
                SPARK_W, SPARK_H, SPARK_W, SPARK_H, t.seconds(), range(t.p50Ms()), range(t.p99Ms())));
        String[] colours = {"#888", "#d62728"};
        double[][] lines = {t.p50Ms(), t.p99Ms()};
        for (int k = 0; k < lines.length; k++) {
            StringBuilder points = new StringBuilder();
            double[] line = lines[k];
            for (int i = 0; i < line.length; i++) {
                if (Double.isFinite(line[i])) {
                    double x = line.length == 1 ? SPARK_W / 2.0 : 2 + i * (SPARK_W - 4.0) / (line.length - 1);
                    double y = SPARK_H - 2 - (Math.log10(Math.max(line[i], 1)) - low) / span * (SPARK_H - 4);
                    points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                }
            }
            svg.append("<polyline fill=\"none\" stroke=\"").append(colours[k]).append("\" stroke-width=\"1.5\" points=\"")
                    .append(points.toString().trim()).append("\"/>");
        }
        return svg.append("</svg>").toString();
    }

    /** "3-5" (ms): a line's least and most over its seconds. */
    private static String range(double[] line) {
        double least = Double.POSITIVE_INFINITY;
        double most = Double.NEGATIVE_INFINITY;
        for (double v : line) {
            if (Double.isFinite(v)) {
                least = Math.min(least, v);
                most = Math.max(most, v);
            }
        }
        return least > most ? "-" : String.format(Locale.ROOT, least == most ? "%.0f" : "%.0f-%.0f", least, most);
    }
}
