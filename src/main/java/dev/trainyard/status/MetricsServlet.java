package dev.trainyard.status;

import dev.trainyard.config.Settings;
import dev.trainyard.metrics.Metrics;
import dev.trainyard.metrics.PrometheusText;
import dev.trainyard.metrics.ThreadKind;
import dev.trainyard.web.Endpoint;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;

/** GET /metrics: every bound and counter of the WAR, in Prometheus text format. */
@WebServlet("/metrics")
public class MetricsServlet extends Endpoint {

    @Override
    protected boolean lab() {
        return true;
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType(PrometheusText.CONTENT_TYPE);
        response.setHeader("Cache-Control", "no-store");
        PrometheusText out = new PrometheusText(response.getWriter());
        // The thread serving this very request: proof of the variant's thread model.
        out.family("trainyard_request_thread_virtual", "gauge", "1 when the server ran this request on a virtual thread")
                .sample("trainyard_request_thread_virtual", ThreadKind.isVirtual(Thread.currentThread()) ? 1 : 0);
        Metrics.of(getServletContext()).writeTo(out);
        out.family("trainyard_setting", "gauge",
                "A numeric setting of the WAR (trainyard.*) and the value in effect: what a client may rely on");
        for (Map.Entry<String, Integer> setting : Settings.inEffect().entrySet()) {
            out.sample("trainyard_setting", setting.getValue(), "name", setting.getKey());
        }
    }
}
