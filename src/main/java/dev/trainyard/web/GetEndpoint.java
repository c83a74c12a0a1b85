package dev.trainyard.web;

import dev.trainyard.data.DataUnavailableException;
import dev.trainyard.data.NotFoundException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Base of every read-only endpoint: answers anything but GET with 405 and an Allow header, and
 * turns the outcomes a handler can raise into JSON answers (400/404 with the reason, 503 with
 * Retry-After when the database is unavailable). HttpServlet's own 405 would be an HTML page in
 * each server's style; clients of all three servers get the same JSON here.
 */
public abstract class GetEndpoint extends HttpServlet {

    /** How long a client should wait before retrying after a database fault, in seconds. */
    static final int DATABASE_RETRY_AFTER_SECONDS = 2;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!"GET".equals(request.getMethod())) {
            response.setHeader("Allow", "GET");
            Problems.send(response, 405, "method " + Params.echo(request.getMethod()) + " is not allowed here; use GET");
            return;
        }
        try {
            handle(request, response);
        } catch (HttpProblem e) {
            Problems.send(response, e.status(), e.getMessage());
        } catch (NotFoundException e) {
            Problems.send(response, 404, e.getMessage());
        } catch (DataUnavailableException e) {
            response.setHeader("Retry-After", Integer.toString(DATABASE_RETRY_AFTER_SECONDS));
            Problems.send(response, 503, e.getMessage());
        }
    }

    protected abstract void handle(HttpServletRequest request, HttpServletResponse response) throws IOException;
}
