package dev.trainyard.tool.compare.analysis;

import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.ServerRun;
import java.util.ArrayList;
import java.util.Comparator;
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

    public static ProtocolCost of(List<CellResult> results, Map<String, ServerRun> runs) {
        Map<String, Integer> highest = new LinkedHashMap<>();
        Map<String, Map<String, CellResult>> byCell = new LinkedHashMap<>();
        for (CellResult r : results) {
            ServerRun run = runs.get(r.variantName());
            if (run == null || r.failed() || r.spec().cost() || r.spec().calibration() || r.spec().users() == 0) {
                continue;
            }
            String variant = run.server() + "/" + new ServerRun(run.server(), run.variant(), run.tuning(), "http").label();
            highest.merge(variant + " " + r.spec().experiment(), r.spec().users(), Math::max);
            byCell.computeIfAbsent(variant + "|" + r.spec().experiment() + "|" + r.spec().style() + "|" + r.spec().users(),
                    k -> new LinkedHashMap<>()).put(run.protocol(), r);
        }
        List<String> lines = new ArrayList<>();
        byCell.forEach((key, byProtocol) -> {
            String[] k = key.split("\\|");
            int users = Integer.parseInt(k[3]);
            if (byProtocol.size() < 2 || users != highest.get(k[0] + " " + k[1])) {
                return;
            }
            List<Map.Entry<String, CellResult>> ordered = byProtocol.entrySet().stream()
                    .sorted(Comparator.comparingInt(e -> ServerRun.PROTOCOLS.indexOf(e.getKey()))).toList();
            double base = ordered.get(0).getValue().stats().throughput();
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s %s %s @ %d users:", k[0], k[1], k[2], users));
            for (Map.Entry<String, CellResult> e : ordered) {
                CellStats s = e.getValue().stats();
                line.append(String.format(Locale.ROOT, " %s %.0f req/s", e.getKey(), s.throughput()));
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
