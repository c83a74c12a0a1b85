package dev.trainyard.async;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.data.Database;
import dev.trainyard.data.ProductPages;
import dev.trainyard.data.ProductStream;
import jakarta.servlet.annotation.WebServlet;
import java.util.concurrent.Executor;

/**
 * GET /async/products?count=N: the response-size sweep through a WriteListener (see
 * {@link ProductsWriter}), from JDBC keyset pages; byte-identical to /blocking/products.
 */
@WebServlet(urlPatterns = "/async/products", asyncSupported = true)
public class AsyncProductsServlet extends ProductsEndpoint {

    private ProductStream products;

    @Override
    public void init() {
        super.init();
        products = new ProductStream(Database.of(getServletContext()));
    }

    @Override
    protected ProductPages pages(int count) {
        return new JdbcProductPages(products, requests.executors().get("db"));
    }

    @Override
    protected Executor answerOn(AsyncCall call) {
        // The db thread that read the page: it is the one writer until it is done.
        return Runnable::run;
    }
}
