package dev.trainyard.async.r2dbc;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.app.R2dbcListener;
import dev.trainyard.async.ProductsEndpoint;
import dev.trainyard.data.ProductPages;
import dev.trainyard.data.r2dbc.R2dbcProducts;
import jakarta.servlet.annotation.WebServlet;
import java.util.concurrent.Executor;

/**
 * GET /async/r2dbc/products?count=N: the response-size sweep with nothing waiting. The rows come
 * from one R2DBC cursor whose demand follows the WriteListener (see {@link ProductsWriter}): a page
 * is asked for only when the container can take it, so a slow or stalled reader holds one page
 * and stops the database's cursor, not a thread. Each page is written on a container thread, never
 * on the driver's event loop. Byte-identical to /blocking/products.
 */
@WebServlet(urlPatterns = "/async/r2dbc/products", asyncSupported = true)
public class R2dbcAsyncProductsServlet extends ProductsEndpoint {

    private R2dbcProducts products;

    @Override
    public void init() {
        super.init();
        products = new R2dbcProducts(R2dbcListener.of(getServletContext()));
    }

    @Override
    protected ProductPages pages(int count) {
        return products.pages(count);
    }

    @Override
    protected Executor answerOn(AsyncCall call) {
        return call::onContainerThread;
    }
}
