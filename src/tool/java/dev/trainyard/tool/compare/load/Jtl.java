package dev.trainyard.tool.compare.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads JMeter's CSV results (a .jtl with its header line), the format the dashboard reads too.
 * Columns are found by name, so a user's own saveservice settings may add or reorder them;
 * fields JMeter quoted (a failure message with a comma or a line break) are unquoted.
 */
public final class Jtl {

    private Jtl() {
    }

    static List<Sample> read(Path file) throws IOException {
        List<Sample> samples = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            read(in, samples::add);
        }
        return samples;
    }

    static void read(Reader reader, Consumer<Sample> sink) throws IOException {
        CsvRecords records = new CsvRecords(reader);
        List<String> header = records.next();
        if (header == null) {
            return;
        }
        int start = column(header, "timeStamp");
        int elapsed = column(header, "elapsed");
        int label = column(header, "label");
        int code = column(header, "responseCode");
        int success = column(header, "success");
        for (List<String> row = records.next(); row != null; row = records.next()) {
            if (row.size() < header.size()) {
                throw new IOException("a results line has " + row.size() + " fields, the header " + header.size() + ": " + row);
            }
            sink.accept(new Sample(Long.parseLong(row.get(start)), Long.parseLong(row.get(elapsed)), row.get(label),
                    row.get(code), Boolean.parseBoolean(row.get(success))));
        }
    }

    private static int column(List<String> header, String name) throws IOException {
        int i = header.indexOf(name);
        if (i < 0) {
            throw new IOException("the results file has no " + name + " column (header: " + header + ")");
        }
        return i;
    }

    /** RFC 4180 records: comma-separated, double quotes around fields that hold commas, quotes or line breaks. */
    static final class CsvRecords {
        private final Reader in;

        CsvRecords(Reader in) {
            this.in = in;
        }

        List<String> next() throws IOException {
            List<String> fields = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            boolean quoted = false;
            boolean any = false;
            int c;
            while ((c = in.read()) != -1) {
                any = true;
                if (quoted) {
                    if (c == '"') {
                        in.mark(1);
                        int next = in.read();
                        if (next == '"') {
                            field.append('"');
                        } else {
                            quoted = false;
                            if (next != -1) {
                                in.reset();
                            }
                        }
                    } else {
                        field.append((char) c);
                    }
                } else if (c == '"' && field.isEmpty()) {
                    quoted = true;
                } else if (c == ',') {
                    fields.add(field.toString());
                    field.setLength(0);
                } else if (c == '\n') {
                    fields.add(field.toString());
                    return fields;
                } else if (c != '\r') {
                    field.append((char) c);
                }
            }
            if (!any) {
                return null;
            }
            fields.add(field.toString());
            return fields;
        }
    }
}
