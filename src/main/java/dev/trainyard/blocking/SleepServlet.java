package dev.trainyard.blocking;

import dev.trainyard.http.JsonOut;
import dev.trainyard.http.Params;
import dev.trainyard.metrics.ThreadKind;
import dev.trainyard.scenario.SleepArgs;
import dev.trainyard.web.Endpoint;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Simulated I/O that holds the request thread for the whole wait (experiments E2 offload and E4 sleep). With a
 * pool of T platform threads this endpoint cannot exceed T / (ms / 1000) requests per second;
 * on virtual threads the sleep unmounts and the carrier is free.
 */
@WebServlet("/blocking/sleep")
public class SleepServlet extends Endpoint {

    @Override
    protected boolean lab() {
        return true;
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        int ms = SleepArgs.ms(new Params(request));
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            // The container is shutting down; give the thread back promptly.
            Thread.currentThread().interrupt();
        }
        try (JsonGenerator json = JsonOut.open(response)) {
            json.writeStartObject()
                    .write("style", "blocking")
                    .write("slept", ms)
                    .write("thread", ThreadKind.current())
                    .writeEnd();
        }
    }
}
