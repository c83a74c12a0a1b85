package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.Protocol;
import dev.trainyard.tool.compare.plan.ServerRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the protocol costs (protocols=http,https,https-close,h2): the same cell of the same server variant
 * spoken over each protocol in the same run, at each experiment's highest load, as a ratio to
 * plain HTTP (or to the first protocol measured).
 */
public final class ProtocolCost {

    private final List<String> lines;

    private ProtocolCost(List<String> lines) {
        this.lines = lines;
    }

    /** A row of a server variant whatever its protocol: the variant over plain HTTP, and the row. */
    private record Row(ServerRun overHttp, String experiment) {
    }

    /** A cell of that row: its style and load. */
    private record Cell(Row row, String style, int users) {
    }

    public static ProtocolCost of(List<CellResult> results) {
        Map<Row, Integer> highest = new LinkedHashMap<>();
        Map<Cell, Map<Protocol, CellResult>> byCell = new LinkedHashMap<>();
        for (CellResult r : results) {
            if (r.failed() || r.spec().cost() || r.spec().calibration() || r.spec().users() == 0) {
                continue;
            }
            Row row = new Row(r.run().over(Protocol.HTTP), r.spec().experiment());
            highest.merge(row, r.spec().users(), Math::max);
            byCell.computeIfAbsent(new Cell(row, r.spec().style(), r.spec().users()),
                    k -> new LinkedHashMap<>()).put(r.run().protocol(), r);
        }
        List<String> lines = new ArrayList<>();
        byCell.forEach((cell, byProtocol) -> {
            if (byProtocol.size() < 2 || cell.users() != highest.get(cell.row())) {
                return;
            }
            List<Map.Entry<Protocol, CellResult>> ordered = byProtocol.entrySet().stream()
                    .sorted(Map.Entry.comparingByKey()).toList();
            double base = ordered.get(0).getValue().stats().throughput();
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s %s %s @ %d users:", cell.row().overHttp().name(),
                    cell.row().experiment(), cell.style(), cell.users()));
            for (Map.Entry<Protocol, CellResult> e : ordered) {
                CellStats s = e.getValue().stats();
                line.append(String.format(Locale.ROOT, " %s %.0f req/s", e.getKey().key(), s.throughput()));
                if (e != ordered.get(0)) {
                    line.append(String.format(Locale.ROOT, " (x%.2f)", base == 0 ? Double.NaN : s.throughput() / base));
                }
                line.append(String.format(Locale.ROOT, ", p95 %.1f ms", s.p95Ms()));
                // Where the client ran out of CPU first (a handshake per request), the server's CPU per request still tells the cost.
                double cpu = e.getValue().cpuMsPer1000();
                line.append(Double.isFinite(cpu) ? String.format(Locale.ROOT, ", server CPU %.0f ms per 1,000;", cpu) : ";");
            }
            line.setLength(line.length() - 1);
            lines.add(line.toString());
        });
        return new ProtocolCost(lines);
    }

    public boolean isEmpty() {
        return lines.isEmpty();
    }

    /**
     * One line per cell measured over two protocols or more: each protocol's throughput, its ratio
     * to the first, its p95 and, where /metrics has it, the server's CPU per 1,000 requests.
     */
    public List<String> lines() {
        return lines;
    }
}
