package dev.trainyard.tool.compare.gate;

import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A finished run's summary.json, read back as a baseline or for a diff. Every version this
 * harness has written is read: what a comparison uses of a run (its cells and verdicts, each
 * cell's trials where it has them) is the same in all of them; what a later version added (the
 * typed run header, the baseline, the thresholds) is read only where present.
 */
public final class Summaries {

    /** The version of docs/summary.schema.json written now; 1 lacked the typed run header, the baseline and the thresholds. */
    public static final int VERSION = 2;

    /**
     * The JSON provider every summary is built and read with: Json's static methods look one up
     * again on every call, which a run of a few hundred cells would pay thousands of times.
     */
    public static final JsonProvider JSON = JsonProvider.provider();

    private Summaries() {
    }

    /** The summary in a run's folder, or the file itself; a summary this harness cannot read is bad input. */
    public static JsonObject read(Path runOrFile) {
        Path file = Files.isDirectory(runOrFile) ? runOrFile.resolve("summary.json") : runOrFile;
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no summary.json in " + runOrFile + " (runs before summary.json was written have none)");
        }
        JsonObject summary;
        try (JsonReader reader = JSON.createReader(Files.newBufferedReader(file, StandardCharsets.UTF_8))) {
            summary = reader.readObject();
        } catch (IOException | JsonException | ClassCastException e) {
            throw new IllegalArgumentException(file + " is not a run's summary: " + e.getMessage());
        }
        JsonValue version = summary.get("schema");
        int v = version instanceof JsonNumber n && n.isIntegral() ? n.intValue() : 0;
        if (v < 1 || v > VERSION) {
            throw new IllegalArgumentException(file + " is a summary of version " + (v == 0 ? String.valueOf(version) : v)
                    + "; this harness reads versions 1 to " + VERSION);
        }
        for (String part : new String[] {"run", "cells", "verdicts"}) {
            if (!summary.containsKey(part)) {
                throw new IllegalArgumentException(file + " has no " + part);
            }
        }
        return summary;
    }

    /** The run's folder name, as its summary says it. */
    public static String id(JsonObject summary) {
        return summary.getJsonObject("run").getString("id");
    }
}
