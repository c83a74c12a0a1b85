package dev.trainyard.metrics;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Writes the Prometheus text exposition format (version 0.0.4): a HELP and TYPE line per family,
 * then its samples. Label values are escaped as the format requires.
 */
public final class PrometheusText {

    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final PrintWriter out;

    public PrometheusText(PrintWriter out) {
        this.out = out;
    }

    public PrometheusText family(String name, String type, String help) {
        out.print("# HELP ");
        out.print(name);
        out.print(' ');
        out.println(help.replace("\\", "\\\\").replace("\n", "\\n"));
        out.print("# TYPE ");
        out.print(name);
        out.print(' ');
        out.println(type);
        return this;
    }

    /** A family of one unlabelled gauge. */
    public PrometheusText gauge(String name, String help, double value) {
        return family(name, "gauge", help).sample(name, value);
    }

    /** A sample; labels alternate name, value. */
    public PrometheusText sample(String name, double value, String... labels) {
        out.print(name);
        if (labels.length > 0) {
            out.print('{');
            for (int i = 0; i < labels.length; i += 2) {
                if (i > 0) {
                    out.print(',');
                }
                out.print(labels[i]);
                out.print("=\"");
                out.print(labels[i + 1].replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n"));
                out.print('"');
            }
            out.print('}');
        }
        out.print(' ');
        out.println(format(value));
        return this;
    }

    static String format(double value) {
        if (value == Math.rint(value) && !Double.isInfinite(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%s", value);
    }
}
