package dev.trainyard.tool.compare.report;

import static dev.trainyard.tool.compare.report.Html.fmt;
import static dev.trainyard.tool.compare.report.Html.td;
import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.trainyard.tool.compare.analysis.Footprint;
import dev.trainyard.tool.compare.deploy.Packaging;
import java.util.List;

/** What each server variant costs to run, side by side, then each as a sentence, and the cheapest style per variant. */
final class FootprintTable {

    private FootprintTable() {
    }

    /** What each server variant costs to run, side by side, then each as a sentence. */
    static void html(StringBuilder h, List<Footprint> footprints, List<String> cheapest) {
        if (footprints.isEmpty()) {
            return;
        }
        boolean containers = footprints.stream().anyMatch(f -> f.packaging() != null);
        h.append("<h3>Footprint</h3><p>Each server variant: from its JVM's start (a container's: docker run) to the first 200 of ")
                .append("blocking/hello, its memory idle and at the peak of its cells (the process's resident memory, from /metrics")
                .append(containers ? "; in a container also its control group's peak, page cache included, which its limit holds" : "")
                .append("), and the CPU its process spent per 1,000 requests at the highest load of the entry experiment (every ")
                .append("cell's in the table below).</p><table id=\"footprint\"><tr><th class=\"l\">server variant</th>")
                .append(containers ? "<th class=\"l\">image</th><th>image MiB</th>" : "")
                .append("<th>start-up s</th><th>idle resident MiB</th><th>heap in use MiB</th><th>peak resident MiB</th>")
                .append(containers ? "<th>healthy s</th><th>container peak MiB</th><th class=\"l\">limits</th>" : "")
                .append("<th class=\"l\">CPU per 1,000 requests</th></tr>");
        for (Footprint f : footprints) {
            Packaging p = f.packaging();
            h.append("<tr>").append(td(f.variant(), true));
            if (containers) {
                h.append(td(p == null ? "-" : p.image(), true)).append(td(p == null ? "-" : fmt(p.imageMib(), 0), false));
            }
            h.append(td(fmt(f.readySeconds(), 1), false)).append(td(fmt(f.idleMib(), 0), false)).append(td(fmt(f.heapMib(), 0), false))
                    .append(td(fmt(f.peakMib(), 0), false));
            if (containers) {
                h.append(td(p == null ? "-" : fmt(p.healthySeconds(), 1), false)).append(td(p == null ? "-" : fmt(p.groupPeakMib(), 0), false))
                        .append(td(p == null ? "-"
                        : (p.cpuset() == null ? "not pinned" : "cpuset " + p.cpuset()) + ", memory " + p.memoryLimit(), true));
            }
            h.append(td(f.cpuMsPer1000().isEmpty() ? "-" : f.experiment() + " @ " + f.users() + ": " + f.cpu(), true)).append("</tr>");
        }
        h.append("</table><ul id=\"footprint-sentences\">");
        footprints.forEach(f -> h.append("<li>").append(escapeHtml4(f.sentence())).append("</li>"));
        h.append("</ul>\n");
        if (!cheapest.isEmpty()) {
            h.append("<p>Least server CPU per 1,000 requests, each variant with its cheapest style:</p><ul id=\"cheapest\">");
            cheapest.forEach(c -> h.append("<li>").append(escapeHtml4(c)).append("</li>"));
            h.append("</ul>\n");
        }
    }
}
