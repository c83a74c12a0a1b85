package dev.trainyard.async;

import dev.trainyard.data.Database;
import dev.trainyard.data.ProductStream;
import dev.trainyard.scenario.ProductsArgs;
import dev.trainyard.web.AsyncCall;
import dev.trainyard.web.JsonOut;
import dev.trainyard.web.Params;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * GET /async/products?count=N: the response-size sweep through a WriteListener (see
 * {@link ProductsWriter}); byte-identical to /blocking/products.
 */
@WebServlet(urlPatterns = "/async/products", asyncSupported = true)
public class AsyncProductsServlet extends AsyncEndpoint {

    private ProductStream products;

    @Override
    public void init() {
        super.init();
        products = new ProductStream(Database.of(getServletContext()));
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        int count = ProductsArgs.count(new Params(request));
        AsyncCall call = begin(request, response, requests.streamTimeoutMillis());
        // Claimed for the whole stream: its timeout can only cut it short, never answer twice.
        call.claimStream();
        response.setContentType(JsonOut.CONTENT_TYPE);
        // Pages are taken on the db thread that read them: it is the one writer until it is done.
        ProductsWriter.start(call, new JdbcProductPages(products, requests.executors().get("db")), Runnable::run, count, requests);
    }
}
