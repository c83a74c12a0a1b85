package dev.trainyard.web;

import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Writes the one error shape every endpoint uses: {"status":400,"error":"...","message":"..."}. */
public final class Problems {

    private Problems() {
    }

    public static void send(HttpServletResponse response, int status, String message) throws IOException {
        start(response, status, message);
        try (JsonGenerator json = JsonOut.open(response)) {
            write(json, status, message);
        }
    }

    /** As {@link #send}, flushed but left open, for an answer given before the request is read. */
    public static void sendBeforeReading(HttpServletResponse response, int status, String message) throws IOException {
        start(response, status, message);
        try (JsonGenerator json = JsonOut.openLeavingResponseOpen(response)) {
            write(json, status, message);
        }
    }

    private static void start(HttpServletResponse response, int status, String message) throws IOException {
        if (response.isCommitted()) {
            // Part of a body is already out: the only honest signal left is a cut connection.
            throw new IOException("response already committed; cannot report " + status + ": " + message);
        }
        response.resetBuffer();
        response.setStatus(status);
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
