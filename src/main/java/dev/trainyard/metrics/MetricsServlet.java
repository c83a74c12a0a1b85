package dev.trainyard.metrics;

import dev.trainyard.web.Endpoint;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** GET /metrics: every bound and counter of the WAR, in Prometheus text format. */
@WebServlet("/metrics")
public class MetricsServlet extends Endpoint {

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType(PrometheusText.CONTENT_TYPE);
        response.setHeader("Cache-Control", "no-store");
        Metrics.of(getServletContext()).writeTo(new PrometheusText(response.getWriter()));
    }
}
