package dev.trainyard.http;

import dev.trainyard.data.DataUnavailableException;
import dev.trainyard.data.NotFoundException;
import dev.trainyard.data.OutcomeUnknownException;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Writes the one error shape every endpoint uses: {"status":400,"error":"...","message":"..."}. */
public final class Problems {

    /** How long a client should wait before retrying after a database fault, in seconds. */
    public static final int DATABASE_RETRY_AFTER_SECONDS = 2;

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
            case 408 -> "Request Timeout";
            case 413 -> "Payload Too Large";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "Error";
        };
    }

    /**
     * Answers a failure a handler may raise (bad input, missing row, database down), on whatever
     * thread finishes the request; false if it is not one of those (a bug: let it surface).
     */
    public static boolean answer(HttpServletResponse response, RuntimeException e) throws IOException {
        if (e instanceof HttpProblem problem) {
            Problems.send(response, problem.status(), problem.getMessage());
        } else if (e instanceof NotFoundException) {
            Problems.send(response, 404, e.getMessage());
        } else if (e instanceof DataUnavailableException) {
            response.setHeader("Retry-After", Integer.toString(DATABASE_RETRY_AFTER_SECONDS));
            Problems.send(response, 503, e.getMessage());
        } else if (e instanceof OutcomeUnknownException) {
            // No Retry-After: a retry may count twice; the client must decide.
            Problems.send(response, 504, e.getMessage());
        } else {
            return false;
        }
        return true;
    }
}
