package dev.trainyard.tool.seed;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;

/**
 * A {@link RowSink} that streams rows into one table with COPY ... FROM STDIN in PostgreSQL's text
 * format: one round trip for the whole table, an order of magnitude faster than batched INSERTs.
 */
final class CopyWriter implements RowSink, AutoCloseable {

    private final BufferedWriter out;
    private long rows;

    CopyWriter(Connection connection, String table, String columns) throws SQLException {
        PGCopyOutputStream copy = new PGCopyOutputStream(connection.unwrap(PGConnection.class),
                "COPY " + table + " (" + columns + ") FROM STDIN", 1 << 16);
        this.out = new BufferedWriter(new OutputStreamWriter(copy, StandardCharsets.UTF_8), 1 << 16);
    }

    @Override
    public void row(Object... values) throws IOException {
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                out.write('\t');
            }
            Object value = values[i];
            if (value == null) {
                out.write("\\N");
            } else {
                escape(value.toString());
            }
        }
        out.write('\n');
        rows++;
    }

    long rows() {
        return rows;
    }

    private void escape(String text) throws IOException {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> out.write("\\\\");
                case '\t' -> out.write("\\t");
                case '\n' -> out.write("\\n");
                case '\r' -> out.write("\\r");
                default -> out.write(c);
            }
        }
    }

    /** Ends the COPY; the rows are in once this returns (and the transaction commits). */
    @Override
    public void close() throws IOException {
        out.close();
    }
}
