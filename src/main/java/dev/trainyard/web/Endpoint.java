package dev.trainyard.web;

import dev.trainyard.data.DataUnavailableException;
import dev.trainyard.data.NotFoundException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Base of every endpoint: answers any other method than its one (GET unless it says otherwise) with
 * 405 and an Allow header, and
 * turns the outcomes a handler can raise into JSON answers (400/404 with the reason, 503 with
 * Retry-After when the database is unavailable). HttpServlet's own 405 would be an HTML page in
 * each server's style; clients of all three servers get the same JSON here.
 */
public abstract class Endpoint extends HttpServlet {

    /** How long a client should wait before retrying after a database fault, in seconds. */
    static final int DATABASE_RETRY_AFTER_SECONDS = 2;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!method().equals(request.getMethod())) {
            response.setHeader("Allow", method());
            Problems.send(response, 405, "method " + Params.echo(request.getMethod()) + " is not allowed here; use " + method());
            return;
        }
        try {
            handle(request, response);
        } catch (RuntimeException e) {
            if (!answer(response, e)) {
                throw e;
            }
        }
    }

    /** The one HTTP method this endpoint serves. */
    protected String method() {
        return "GET";
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
        } else {
            return false;
        }
        return true;
    }

    protected abstract void handle(HttpServletRequest request, HttpServletResponse response) throws IOException;
}
