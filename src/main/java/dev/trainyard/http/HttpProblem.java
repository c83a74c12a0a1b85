package dev.trainyard.http;

/**
 * An answer other than 200 that a handler decides on: it carries the status and a message meant
 * for the client, never a stack trace. {@link Endpoint} turns it into a JSON error body.
 */
public class HttpProblem extends RuntimeException {

    private final int status;

    public HttpProblem(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public static HttpProblem badRequest(String message) {
        return new HttpProblem(400, message);
    }

    public static HttpProblem notFound(String message) {
        return new HttpProblem(404, message);
    }

    public int status() {
        return status;
    }
}
