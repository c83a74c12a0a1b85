package dev.trainyard.web;

import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** Writes the one error shape every endpoint uses: {"status":400,"error":"...","message":"..."}. */
public final class Problems {

    private Problems() {
    }

    public static void send(HttpServletResponse response, int status, String message) throws IOException {
        if (response.isCommitted()) {
            // Part of a body is already out: the only honest signal left is a cut connection.
            throw new IOException("response already committed; cannot report " + status + ": " + message);
        }
        response.resetBuffer();
        response.setStatus(status);
        try (JsonGenerator json = JsonOut.open(response)) {
            write(json, status, message);
        }
    }

    /**
     * The same body as bytes, for a response whose output stream is in non-blocking use (a
     * WriteListener), where getWriter() is not allowed and a write must wait for isReady().
     */
    public static byte[] body(int status, String message) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = JsonOut.generator(text)) {
            write(json, status, message);
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void write(JsonGenerator json, int status, String message) {
        json.writeStartObject()
                .write("status", status)
                .write("error", reason(status))
                .write("message", message == null ? reason(status) : message)
                .writeEnd();
    }

    static String reason(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 413 -> "Payload Too Large";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "Error";
        };
    }
}
