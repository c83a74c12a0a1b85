package dev.trainyard.async;

import dev.trainyard.data.r2dbc.R2dbcProducts;
import dev.trainyard.scenario.ProductsArgs;
import dev.trainyard.web.AsyncCall;
import dev.trainyard.web.JsonOut;
import dev.trainyard.web.Params;
import dev.trainyard.web.R2dbcListener;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * GET /async/r2dbc/products?count=N: the response-size sweep with nothing waiting. The rows come
 * from one R2DBC cursor whose demand follows the WriteListener (see {@link ProductsWriter}): a page
 * is asked for only when the container can take it, so a slow or stalled reader holds one page
 * and stops the database's cursor, not a thread. Each page is written on a container thread, never
 * on the driver's event loop. Byte-identical to /blocking/products.
 */
@WebServlet(urlPatterns = "/async/r2dbc/products", asyncSupported = true)
public class R2dbcAsyncProductsServlet extends AsyncEndpoint {

    private R2dbcProducts products;

    @Override
    public void init() {
        super.init();
        products = new R2dbcProducts(R2dbcListener.of(getServletContext()));
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        int count = ProductsArgs.count(new Params(request));
        AsyncCall call = begin(request, response, requests.streamTimeoutMillis());
        // Claimed for the whole stream: its timeout can only cut it short, never answer twice.
        call.claimStream();
        response.setContentType(JsonOut.CONTENT_TYPE);
        ProductsWriter.start(call, products.pages(count, requests.pageSize()), call::onContainerThread, count, requests);
    }
}
