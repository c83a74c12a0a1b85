package dev.trainyard.blocking;

import dev.trainyard.scenario.HelloView;
import dev.trainyard.web.Endpoint;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** The paper's no-database case: a small fixed answer (under 1 KB), nothing to wait for. */
@WebServlet("/blocking/hello")
public class HelloServlet extends Endpoint {

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        HelloView.write(response, "blocking");
    }
}
