package dev.trainyard.http;

import dev.trainyard.data.ProductRow;
import dev.trainyard.data.store.Table;
import jakarta.json.Json;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonGeneratorFactory;
import jakarta.servlet.http.HttpServletResponse;
import java.io.FilterWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.temporal.TemporalAccessor;

/**
 * JSON answers through JSON-P's streaming generator: written as produced, so a large answer is
 * never built in memory first. Shared by every style so that they send identical bytes.
 */
public final class JsonOut {

    public static final String CONTENT_TYPE = "application/json;charset=UTF-8";

    /** One factory: Json.createGenerator would run a ServiceLoader lookup on every call. */
    private static final JsonGeneratorFactory FACTORY = Json.createGeneratorFactory(null);

    private JsonOut() {
    }

    public static JsonGenerator open(HttpServletResponse response) throws IOException {
        response.setContentType(CONTENT_TYPE);
        return FACTORY.createGenerator(response.getWriter());
    }

    /**
     * As {@link #open}, but closing the generator only flushes the answer: the response stays open
     * for a caller that still reads the request, since Tomcat closes the request's input together
     * with the response's writer.
     */
    public static JsonGenerator openLeavingResponseOpen(HttpServletResponse response) throws IOException {
        response.setContentType(CONTENT_TYPE);
        return FACTORY.createGenerator(new FilterWriter(response.getWriter()) {
            @Override
            public void close() throws IOException {
                flush();
            }
        });
    }

    /** A store query's answer as the whole response, in every style and on either driver. */
    public static void table(HttpServletResponse response, String name, Table table) throws IOException {
        try (JsonGenerator json = open(response)) {
            table(json, name, table);
        }
    }

    /** Writes {"query":name,"count":n,"rows":[{column:value,...},...]}. */
    public static void table(JsonGenerator json, String name, Table table) {
        json.writeStartObject().write("query", name).write("count", table.rows().size()).writeStartArray("rows");
        for (Object[] row : table.rows()) {
            json.writeStartObject();
            for (int i = 0; i < table.columns().size(); i++) {
                value(json, table.columns().get(i), row[i]);
            }
            json.writeEnd();
        }
        json.writeEnd().writeEnd();
    }

    /**
     * One product object: the same bytes whichever style streams it. The description may be NULL
     * in the schema: it is written as null (JSON-P's write would throw on it mid-stream).
     */
    public static void product(JsonGenerator json, ProductRow p) {
        json.writeStartObject()
                .write("id", p.id())
                .write("categoryId", p.categoryId())
                .write("name", p.name());
        if (p.description() == null) {
            json.writeNull("description");
        } else {
            json.write("description", p.description());
        }
        json.write("price", p.price())
                .write("cost", p.cost())
                .writeEnd();
    }

    /** A generator onto any writer (the async style fills byte buffers with it). */
    public static JsonGenerator generator(java.io.Writer out) {
        return FACTORY.createGenerator(out);
    }

    static void value(JsonGenerator json, String name, Object value) {
        if (value == null) {
            json.writeNull(name);
        } else if (value instanceof Integer i) {
            json.write(name, i);
        } else if (value instanceof Long l) {
            json.write(name, l);
        } else if (value instanceof BigDecimal d) {
            json.write(name, d);
        } else if (value instanceof Number n) {
            json.write(name, new BigDecimal(n.toString()));
        } else if (value instanceof java.sql.Date d) {
            json.write(name, d.toLocalDate().toString());
        } else if (value instanceof LocalDate || value instanceof TemporalAccessor) {
            json.write(name, value.toString());
        } else if (value instanceof String s) {
            // char(n) columns arrive blank-padded.
            json.write(name, s.stripTrailing());
        } else {
            json.write(name, value.toString());
        }
    }
}
