package dev.trainyard.web;

import dev.trainyard.answer.CutShort;
import dev.trainyard.http.Params;
import dev.trainyard.http.Problems;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The WAR's error page (web.xml maps every status and exception here): whatever the container
 * answers itself inside /trainyard — an unknown route, a malformed request, an exception that
 * escaped — goes out as Trainyard's JSON, the same on the three servers, with no stack trace and
 * no server name. Any method: an error dispatch keeps the request's own. Asked for directly, it is
 * just an unknown route.
 */
@WebServlet("/error")
public class ErrorServlet extends HttpServlet {

    private static final Logger LOG = Logger.getLogger(ErrorServlet.class.getName());

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        Throwable failure = (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        int status = code instanceof Integer n ? n : failure != null ? 500 : 404;
        String path = uri instanceof String u ? u : request.getRequestURI();
        if (failure instanceof CutShort.Cut) {
            // A stream AsyncCall cut short: logged when it was cut; its response is committed, and
            // the container aborts the connection.
            return;
        }
        if (failure != null && status >= 500) {
            LOG.log(Level.SEVERE, "request to " + Params.echo(path) + " failed", failure);
        }
        if (status == 503) {
            response.setHeader("Retry-After", Integer.toString(Problems.DATABASE_RETRY_AFTER_SECONDS));
        }
        if (response.isCommitted()) {
            return;
        }
        Problems.send(response, status, message(status, request.getMethod(), path));
    }

    private static String message(int status, String method, String path) {
        return switch (status) {
            case 404 -> "no such resource: " + Params.echo(path);
            case 405 -> "method " + Params.echo(method) + " is not allowed on " + Params.echo(path);
            case 400 -> "the request is malformed";
            case 413 -> "the request is too large";
            case 500 -> "internal error";
            case 503 -> "the service is not available now; try again shortly";
            default -> null;
        };
    }
}
