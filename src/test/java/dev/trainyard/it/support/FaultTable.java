package dev.trainyard.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The fault suite's table: per fault, how many requests, their answers by status, how many got no
 * answer (lost), how many views were applied beyond what the answers allow (duplicated), and how
 * long the server took to serve again. Printed as each row is added and written to
 * target/faults/&lt;server&gt;[-&lt;variant&gt;].md, from which the table in docs/testing.md is taken.
 */
public final class FaultTable {

    private static final List<String> ROWS = new ArrayList<>();

    private FaultTable() {
    }

    /**
     * @param duplicated views added beyond 200 answers + 504 answers + requests whose client left
     *     (each may have been applied without an answer it could read); must be 0
     * @param recoveryMillis from the end of the fault until a request was served again; -1 when the
     *     fault leaves nothing to recover from
     */
    public static synchronized void record(String server, String fault, Tally answers, long duplicated, long recoveryMillis) {
        String row = String.format(Locale.ROOT, "| %s | %s | %d | %s | %d | %d | %s |", server, fault, answers.total(),
                answers.statuses(), answers.lost(), duplicated, recoveryMillis < 0 ? "—" : String.format(Locale.ROOT, "%.2f s", recoveryMillis / 1000.0));
        ROWS.add(row);
        System.out.println("FAULT " + row);
        write(server);
    }

    private static void write(String server) {
        // Rows of this JVM only: each suite run rewrites its own file.
        StringBuilder table = new StringBuilder("| server | fault | requests | answers | lost | duplicated | service back after |\n"
                + "|---|---|---|---|---|---|---|\n");
        ROWS.forEach(row -> table.append(row).append('\n'));
        // One table per suite run (one per server for the Arquillian runs, one for the stops).
        Path file = Path.of(System.getProperty("trainyard.faults.dir", "target/faults"), tableName(server) + ".md");
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, table, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** trainyard.faults.table when set (the runner's stops), else the server and, unless platform, its variant. */
    static String tableName(String server) {
        String variant = System.getProperty("trainyard.variant", "platform");
        return System.getProperty("trainyard.faults.table", variant.equals("platform") ? server : server + "-" + variant);
    }
}
