package dev.trainyard.answer;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Where {@link AsyncCall#cut} sends a stream it ends short. The Servlet API has no way to abort a
 * response, and complete() ends a chunked one with its terminating chunk: a well-framed 200 that a
 * client takes for the whole. A dispatch that fails once the response is committed is an error the
 * container cannot answer, so it closes the connection without that chunk (Tomcat 10.1, Jetty 12):
 * the client sees the stream broken, as it is. Asked for directly, this is an unknown route.
 */
@WebServlet(CutShort.PATH)
public final class CutShort extends HttpServlet {

    static final String PATH = "/cut-short";
    /** The request attribute that carries why its stream was cut; only a request AsyncCall cut has it. */
    static final String WHY = CutShort.class.getName();

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (request.getDispatcherType() == DispatcherType.ASYNC && request.getAttribute(WHY) instanceof String why) {
            throw new Cut(why);
        }
        response.sendError(HttpServletResponse.SC_NOT_FOUND);
    }

    /** What ends a cut stream's request: its reason, logged already when it was cut, and no stack trace. */
    public static final class Cut extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Cut(String why) {
            super("stream cut short on purpose, its connection aborted: " + why, null, false, false);
        }
    }
}
