package dev.trainyard.tool.compare.gate;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A run written out as a results record for docs/results/: a page headed by what makes its
 * figures traceable (the run id, when, the commit, the machine, the mode and the exact command
 * that made it), then every verdict and every cell, read from the run's summary.json and nothing
 * else. Docs that quote a figure cite the record it comes from, so a figure has a run behind it.
 */
public final class ResultsRecord {

    private ResultsRecord() {
    }

    /** The record's file name: the run's id and mode. */
    public static String fileName(JsonObject summary) {
        JsonObject run = summary.getJsonObject("run");
        return run.getString("id") + "-" + run.getString("mode", "default") + ".md";
    }

    /** Writes the record into {@code folder} and returns its path. */
    public static Path write(JsonObject summary, Path folder) throws IOException {
        Files.createDirectories(folder);
        Path file = folder.resolve(fileName(summary));
        Files.writeString(file, markdown(summary), StandardCharsets.UTF_8);
        return file;
    }

    public static String markdown(JsonObject summary) {
        if (summary.getInt("schema") < 2) {
            throw new IllegalArgumentException("a summary of version " + summary.getInt("schema")
                    + " has no typed run header (commit, machine, command), which a record is headed by");
        }
        JsonObject run = summary.getJsonObject("run");
        String id = run.getString("id");
        StringBuilder md = new StringBuilder("# Run ").append(id).append("\n\n");
        md.append("Written by `./mvnw -Pcompare -Drecord=").append(id).append("` from the run's `summary.json`; every figure")
                .append(" below is the run's own.\n\n| | |\n|---|---|\n");
        row(md, "run", id + ", written " + written(run) + seconds(run));
        row(md, "command", "`" + command(run) + "`");
        row(md, "commit", code(text(run, "commit")));
        row(md, "mode", text(run, "mode"));
        row(md, "machine", machine(run));
        row(md, "cores", "load client " + orNone(run, "client_cpus") + ", servers and database " + orNone(run, "server_cpus"));
        row(md, "server variants", run.getJsonArray("variants").getValuesAs(JsonObject.class).stream()
                .map(v -> v.getString("variant") + " (" + v.getString("server") + " " + v.getString("version") + ", JDK " + v.getString("java") + ")")
                .collect(Collectors.joining("; ")));
        if (run.get("stopped") instanceof JsonString stopped) {
            row(md, "stopped", stopped.getString());
        }
        md.append("\n## Verdicts\n\n| variant | experiment | users | verdict | ratio [95% interval] | p95, ms (the ratio's style vs the other)"
                + " | trials |\n|---|---|---|---|---|---|---|\n");
        for (JsonObject v : summary.getJsonArray("verdicts").getValuesAs(JsonObject.class)) {
            String winner = v.get("winner") instanceof JsonString w ? w.getString() + ", " : "";
            md.append("| ").append(v.getString("variant")).append(" | ").append(v.getString("experiment")).append(" | ")
                    .append(v.getInt("users")).append(" | ").append(winner).append(v.getString("strength").toLowerCase(Locale.ROOT))
                    .append(" | ").append(ratio(v)).append(" | ").append(num(v, "p95_ms", 0)).append(" vs ").append(num(v, "against_p95_ms", 0))
                    .append(" | ").append(v.getInt("trials")).append(setAside(v)).append(" |\n");
        }
        md.append("\n## Cells\n\nMedians of each cell's trials; the interval is the throughput's 95% over them.\n\n"
                + "| variant | experiment | style | users | req/s [95% interval] | p50 / p95 / p99 ms | errors | client, its CPU | status |\n"
                + "|---|---|---|---|---|---|---|---|---|\n");
        for (JsonObject c : summary.getJsonArray("cells").getValuesAs(JsonObject.class)) {
            String load = c.getJsonNumber("offered_rate").doubleValue() > 0 ? num(c, "offered_rate", 0) + " req/s offered" : String.valueOf(c.getInt("users"));
            md.append("| ").append(c.getString("server")).append('/').append(c.getString("variant")).append(" | ")
                    .append(c.getString("experiment")).append(" | ").append(c.getString("style")).append(" | ").append(load).append(" | ")
                    .append(num(c, "throughput", 0)).append(interval(c)).append(" | ").append(num(c, "p50_ms", 0)).append(" / ")
                    .append(num(c, "p95_ms", 0)).append(" / ").append(num(c, "p99_ms", 0)).append(" | ").append(percent(c, "error_rate"))
                    .append(" | ").append(c.get("client") instanceof JsonString client ? client.getString() + " " : "").append(percent(c, "client_cpu_share"))
                    .append(c.getBoolean("client_bound", false) ? " (bound)" : "").append(crosscheck(c))
                    .append(" | ").append(c.getString("status").replace("|", "\\|")).append(" |\n");
        }
        JsonArray facts = run.getJsonArray("facts");
        if (facts != null && !facts.isEmpty()) {
            md.append("\n## What the run said of itself\n\n");
            facts.getValuesAs(JsonString.class).forEach(f -> md.append("- ").append(f.getString()).append('\n'));
        }
        return md.toString();
    }

    /** The command that made the run: the comparison with every option as it was given. */
    static String command(JsonObject run) {
        List<String> parts = new ArrayList<>(List.of("./mvnw -Pcompare"));
        JsonObject options = run.getJsonObject("options");
        if (options != null) {
            options.forEach((name, value) -> parts.add("-D" + name + "=" + (value instanceof JsonString s ? s.getString() : value.toString())));
        }
        return String.join(" ", parts);
    }

    private static String machine(JsonObject run) {
        JsonObject m = run.getJsonObject("machine");
        return m.getInt("cores") + " cores" + (m.get("cpu_model") instanceof JsonString cpu ? ", " + cpu.getString() : "") + ", "
                + String.format(Locale.ROOT, "%,d", m.getInt("memory_mib")) + " MiB, " + m.getString("os") + "; load client "
                + text(run, "client") + " on Java " + m.getString("java");
    }

    /** When the summary was written, to the minute, in UTC. */
    private static String written(JsonObject run) {
        String at = text(run, "written");
        return at.length() >= 16 ? at.substring(0, 16).replace('T', ' ') + " UTC" : at;
    }

    private static String seconds(JsonObject run) {
        return run.get("seconds") instanceof JsonNumber n ? String.format(Locale.ROOT, ", %,.0f s long", n.doubleValue()) : "";
    }

    private static String ratio(JsonObject v) {
        String r = "x" + num(v, "ratio", 2);
        return v.get("ratio_low") instanceof JsonNumber ? r + " [" + num(v, "ratio_low", 2) + ", " + num(v, "ratio_high", 2) + "]" : r;
    }

    private static String setAside(JsonObject v) {
        int aside = v.getInt("trials_set_aside", 0);
        return aside == 0 ? "" : " (" + aside + " set aside: client-bound)";
    }

    private static String interval(JsonObject c) {
        return c.get("throughput_ci_low") instanceof JsonNumber ? " [" + num(c, "throughput_ci_low", 0) + ", " + num(c, "throughput_ci_high", 0) + "]" : "";
    }

    private static String num(JsonObject o, String key, int decimals) {
        JsonValue value = o.get(key);
        return value instanceof JsonNumber n ? String.format(Locale.ROOT, "%,." + decimals + "f", n.doubleValue()) : "-";
    }

    /** "; wrk 1,000 req/s, JMeter/wrk 1.00" where wrk measured the cell again (crosscheck=true). */
    private static String crosscheck(JsonObject c) {
        return c.get("wrk_throughput") instanceof JsonNumber ? "; wrk " + num(c, "wrk_throughput", 0) + " req/s, JMeter/wrk "
                + num(c, "jmeter_over_wrk", 2) : "";
    }

    private static String percent(JsonObject o, String key) {
        JsonValue value = o.get(key);
        return value instanceof JsonNumber n ? String.format(Locale.ROOT, "%.1f%%", n.doubleValue() * 100) : "-";
    }

    private static String text(JsonObject o, String key) {
        return o.get(key) instanceof JsonString s ? s.getString() : "-";
    }

    private static String orNone(JsonObject o, String key) {
        return o.get(key) instanceof JsonString s ? "CPU " + s.getString() : "not pinned";
    }

    private static String code(String text) {
        return "`" + text + "`";
    }

    private static void row(StringBuilder md, String name, String value) {
        md.append("| ").append(name).append(" | ").append(value.replace("|", "\\|")).append(" |\n");
    }
}
