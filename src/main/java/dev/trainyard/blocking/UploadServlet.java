package dev.trainyard.blocking;

import dev.trainyard.scenario.UploadDigest;
import dev.trainyard.web.Endpoint;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * POST /blocking/upload: reads the body with blocking reads, answering its length and SHA-256.
 * The request thread waits for every packet of a slow sender, but not for a sender that falls
 * behind the least pace (each read returns with what arrived, and the pace is judged then): 408.
 * A sender that sends nothing at all is bounded by the server's own read timeout.
 */
@WebServlet("/blocking/upload")
public class UploadServlet extends Endpoint {

    private UploadDigest.Limits limits;

    @Override
    public void init() {
        limits = UploadDigest.Limits.fromSystem();
    }

    @Override
    protected String method() {
        return "POST";
    }

    @Override
    protected boolean readsBody() {
        return true;
    }

    @Override
    protected boolean lab() {
        return true;
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (UploadDigest.refuseDeclared(request, response, limits)) {
            return;
        }
        UploadDigest digest = new UploadDigest(limits);
        byte[] buffer = new byte[64 * 1024];
        ServletInputStream in = request.getInputStream();
        try {
            for (int n = in.read(buffer); n != -1 && !digest.beyondSwallow(); n = in.read(buffer)) {
                digest.update(buffer, n);
                if (!digest.keepsPace()) {
                    digest.answerTooSlow(response);
                    return;
                }
            }
        } catch (IOException broken) {
            // The client closed, reset, or stalled past the server's read bound before its body's
            // end: its failure, not the server's (Jetty and GlassFish would answer 500).
            try {
                UploadDigest.answerCut(response);
            } catch (IOException | IllegalStateException gone) {
                // Nobody left to read an answer: the container closes the connection.
            }
            return;
        }
        digest.answer(response, "blocking");
    }
}
