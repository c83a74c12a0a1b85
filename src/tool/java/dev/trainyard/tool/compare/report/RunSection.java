package dev.trainyard.tool.compare.report;

import static dev.trainyard.tool.compare.report.Html.td;
import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.trainyard.tool.compare.gate.RunHeader;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The report's first lines: which run this is and what it ran on — what a reader needs before the
 * verdicts to compare two runs — and, for a run stopped early, that it is partial.
 */
final class RunSection {

    /** Where the table of contents goes, once every heading is known ({@link Html#contents}). */
    static final String CONTENTS = "<!--contents-->";

    private RunSection() {
    }

    static void html(StringBuilder h, RunHeader run, String client) {
        if (run.stopped() != null) {
            h.append("<p id=\"partial\" class=\"partial\"><b>Partial:</b> ").append(escapeHtml4(run.stopped()))
                    .append("; what was measured before it is below, the rest was not run.</p>\n");
        }
        h.append("<table id=\"run\">");
        row(h, "run", String.format(Locale.ROOT, "%s, %s mode, %s", run.id(), run.mode(), duration(run.seconds()))
                + (run.commit() == null ? ", not from a git checkout" : ", commit " + run.commit()));
        RunHeader.Machine m = run.machine();
        row(h, "machine", (m.cpuModel() == null ? "" : m.cpuModel() + ", ") + m.cores() + " cores, "
                + (m.memoryMib() == 0 ? "" : String.format(Locale.ROOT, "%.1f GiB, ", m.memoryMib() / 1024.0)) + m.os());
        row(h, "cores", run.clientCpus() == null ? "not isolated: the load client, the servers and the database share them"
                : "the load client on CPU " + run.clientCpus() + "; the servers and the database on CPU " + run.serverCpus());
        row(h, "load client", client + " on Java " + m.java());
        for (RunHeader.Variant v : run.variants()) {
            row(h, v.variant(), (v.version() == null ? v.server() : v.server() + " " + v.version()) + " on Java " + v.java() + ", "
                    + v.threads() + " threads");
        }
        row(h, "options", run.options().isEmpty() ? "the mode's defaults"
                : run.options().entrySet().stream().map(e -> "-D" + e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
        h.append("</table>\n").append(CONTENTS).append('\n');
    }

    private static void row(StringBuilder h, String name, String value) {
        h.append("<tr><th class=\"l\">").append(escapeHtml4(name)).append("</th>").append(td(value, true)).append("</tr>");
    }

    private static String duration(double seconds) {
        long s = Math.round(seconds);
        return s < 60 ? s + " s" : String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
    }
}
