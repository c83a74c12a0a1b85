package dev.trainyard.web;

import dev.trainyard.answer.OpenCalls;
import dev.trainyard.config.Setting;
import dev.trainyard.http.HeadResponse;
import dev.trainyard.http.Params;
import dev.trainyard.http.Problems;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Base of every endpoint: answers any other method than its one (GET unless it says otherwise) with
 * 405 and an Allow header, HEAD wherever GET (without its body, and without its effects: see
 * {@link #head}), and turns the outcomes a handler can raise into JSON answers (400/404 with the
 * reason, 503 with Retry-After when the database did nothing, 504 when it may have done the write
 * and never said). HttpServlet's own 405 would be an HTML page in each server's style; clients of
 * all three servers get the same JSON here. While the server stops, it refuses new work (503);
 * with trainyard.lab=off, the lab endpoints answer 404. A request read from a connection
 * whose earlier answer was cut is not run. A request body sent to an endpoint that
 * reads none is refused (400) before a byte of it is read, and the connection closed: nothing
 * would read it, and a client could hold the request while it sends it slowly.
 */
public abstract class Endpoint extends HttpServlet {

    private static final Logger LOG = Logger.getLogger(Endpoint.class.getName());

    private OpenCalls calls;
    private boolean labOff;

    @Override
    public void init(ServletConfig config) throws ServletException {
        calls = OpenCalls.of(config.getServletContext());
        labOff = Setting.LAB.choice().equals("off");
        super.init(config);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (calls.draining()) {
            // The server is stopping: nothing new starts; a client retries on another instance.
            response.setHeader("Retry-After", Integer.toString(Problems.DATABASE_RETRY_AFTER_SECONDS));
            response.setHeader("Connection", "close");
            Problems.send(response, 503, "the server is shutting down; not run");
            return;
        }
        if (calls.behindAnAbort(request)) {
            // Pipelined behind an answer cut here, on a connection its container is closing: no
            // client can read what it would answer, and work started for it could outlive it.
            // Like every 503 of the WAR, it says when to retry (on a new connection, at once).
            response.setHeader("Connection", "close");
            response.setHeader("Retry-After", "1");
            try {
                Problems.send(response, 503, "an earlier answer on this connection was cut; not run");
            } catch (IOException closing) {
                LOG.log(Level.FINE, "no answer for a request behind a cut one", closing);
            }
            return;
        }
        if (lab() && labOff) {
            Problems.send(response, 404, "no such resource: this server's lab endpoints are off (trainyard.lab=off)");
            return;
        }
        if (!readsBody() && (request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null)) {
            response.setHeader("Connection", "close");
            Problems.send(response, 400, "this resource takes no request body; not run");
            return;
        }
        boolean head = request.getMethod().equals("HEAD") && method().equals("GET");
        if (!head && !method().equals(request.getMethod())) {
            response.setHeader("Allow", allowed());
            Problems.send(response, 405, "method " + Params.echo(request.getMethod()) + " is not allowed here; use " + allowed());
            return;
        }
        try {
            if (head) {
                head(request, new HeadResponse(response));
            } else {
                handle(request, response);
            }
        } catch (RuntimeException e) {
            if (!Problems.answer(response, e)) {
                throw e;
            }
        }
    }

    private String allowed() {
        return method().equals("GET") ? "GET, HEAD" : method();
    }

    /**
     * HEAD: what GET would answer, without the body. By default it runs the GET and discards what
     * it writes, which suits every endpoint whose GET changes nothing; an endpoint whose GET has an
     * effect (the entry adds a view) overrides this to answer without it.
     */
    protected void head(HttpServletRequest request, HttpServletResponse response) throws IOException {
        handle(request, response);
    }

    /** True for the endpoints that are experiments rather than services (trainyard.lab=off closes them). */
    protected boolean lab() {
        return false;
    }

    /** True for the endpoints that read a request body (the uploads); every other refuses one. */
    protected boolean readsBody() {
        return false;
    }

    /** The one HTTP method this endpoint serves. */
    protected String method() {
        return "GET";
    }

    protected abstract void handle(HttpServletRequest request, HttpServletResponse response) throws IOException;
}
