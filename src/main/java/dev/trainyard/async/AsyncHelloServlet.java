package dev.trainyard.async;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.scenario.HelloView;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The no-database case through the async API: startAsync(), then AsyncContext.start() asks the
 * container to run the answer on one of its threads. With nothing to wait for, this measures
 * only what the async machinery costs.
 */
@WebServlet(urlPatterns = "/async/hello", asyncSupported = true)
public class AsyncHelloServlet extends AsyncEndpoint {

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) {
        AsyncCall call = begin(request, response, requests.timeoutMillis());
        call.context().start(() -> call.answer(out -> HelloView.write(out, "async")));
    }
}
