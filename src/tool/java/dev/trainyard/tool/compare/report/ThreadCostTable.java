package dev.trainyard.tool.compare.report;

import static dev.trainyard.tool.compare.report.Html.fmt;
import static dev.trainyard.tool.compare.report.Html.td;
import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

import dev.trainyard.tool.compare.jvm.ThreadModelCost;
import java.util.List;

/** Memory per waiting request and pinned carriers, a row per server variant. */
final class ThreadCostTable {

    private ThreadCostTable() {
    }

    static void html(StringBuilder h, List<ThreadModelCost.Row> threadCosts) {
        if (threadCosts.isEmpty()) {
            return;
        }
        h.append("<h3>What each thread model costs</h3><p>").append(ThreadModelCost.HOLD_USERS)
                .append(" users held on the blocking sleep after the variant's cells: how many were inside the WAR at once (the others ")
                .append("wait at the connector for a request thread), the live heap they added (after a full collection) and the resident ")
                .append("memory they added, per user held; one reading each, so compare rows of one run; ")
                .append("and every jdk.VirtualThreadPinned event JFR recorded over all the variant's cells (a virtual thread that ")
                .append("blocked holding its carrier), by the first frame outside the JDK.</p><table id=\"thread-cost\"><tr>")
                .append("<th class=\"l\">server variant</th><th>inside the WAR</th><th>live heap per user (KiB)</th>")
                .append("<th>resident per user (KiB)</th><th class=\"l\">live heap that grew most</th><th>pinned events</th>")
                .append("<th class=\"l\">where pinned</th></tr>");
        for (ThreadModelCost.Row c : threadCosts) {
            h.append("<tr>").append(td(c.variant(), true));
            if (c.failure() != null) {
                h.append("<td class=\"l\" colspan=\"6\">not measured: ").append(escapeHtml4(c.failure())).append("</td></tr>");
                continue;
            }
            h.append(td(fmt(c.held().inWar(), 0), false)).append(td(fmt(c.held().heapPerUserKib(), 1), false))
                    .append(td(fmt(c.held().rssPerUserKib(), 1), false)).append(td(String.join(", ", c.held().grew()), true))
                    .append(td(c.pinned() == null ? "no virtual threads" : Integer.toString(c.pinned().count()), false))
                    .append(td(c.pinned() == null || c.pinned().count() == 0 ? "" : String.join("; ", c.pinned().bySite().keySet()), true))
                    .append("</tr>");
        }
        h.append("</table>\n");
    }
}
