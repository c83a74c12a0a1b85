package dev.trainyard.status;

import dev.trainyard.http.JsonOut;
import dev.trainyard.web.Endpoint;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * GET /health: 200 while the WAR takes requests; 503 (Trainyard's JSON, from {@link Endpoint}) from
 * the moment the server begins to stop, so that a load balancer or an orchestrator stops sending
 * traffic before the connectors close. It does not ask the database: a database outage is
 * answered 503 by the endpoints that need it, and must not get healthy servers restarted.
 */
@WebServlet("/health")
public class HealthServlet extends Endpoint {

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Cache-Control", "no-store");
        try (JsonGenerator json = JsonOut.open(response)) {
            json.writeStartObject().write("status", "up").writeEnd();
        }
    }
}
