package dev.trainyard.blocking.r2dbc;

import dev.trainyard.app.R2dbcListener;
import dev.trainyard.config.DbLimits;
import dev.trainyard.data.DataUnavailableException;
import dev.trainyard.data.ProductPages;
import dev.trainyard.data.ProductRow;
import dev.trainyard.data.r2dbc.R2dbcProducts;
import dev.trainyard.http.JsonOut;
import dev.trainyard.http.Params;
import dev.trainyard.scenario.ProductsArgs;
import dev.trainyard.web.Endpoint;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * GET /blocking/r2dbc/products?count=N: the non-blocking driver's rows through the blocking output
 * stream (the paper's hybrid). The request thread waits for each page of the cursor, writes it,
 * blocking while the socket is full, and only then asks for the next; closing the pages, at the end
 * or when the client leaves, closes the cursor and returns its connection. Each wait for a page is
 * bounded by a query's run budget. Byte-identical to /blocking/products.
 */
@WebServlet("/blocking/r2dbc/products")
public class R2dbcProductsServlet extends Endpoint {

    private R2dbcProducts products;
    private int pageSize;
    private long pageTimeoutMillis;

    @Override
    public void init() {
        products = new R2dbcProducts(R2dbcListener.of(getServletContext()));
        pageSize = ProductsArgs.pageSize();
        pageTimeoutMillis = DbLimits.fromSystem().runBudgetMillis();
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        int remaining = ProductsArgs.count(new Params(request));
        try (ProductPages pages = products.pages(remaining)) {
            // The first page before a byte is written: a database that fails at once is answered 503.
            int asked = Math.min(pageSize, remaining);
            List<ProductRow> page = await(pages.next(0, asked));
            // Not try-with-resources: after a failure the generator must not be closed (see ProductsServlet).
            JsonGenerator json = JsonOut.open(response);
            json.writeStartArray();
            while (true) {
                for (ProductRow row : page) {
                    JsonOut.product(json, row);
                }
                remaining -= page.size();
                if (page.size() < asked || remaining == 0) {
                    break;
                }
                asked = Math.min(pageSize, remaining);
                page = await(pages.next(page.get(page.size() - 1).id(), asked));
            }
            json.writeEnd();
            json.close();
        }
    }

    private List<ProductRow> await(CompletableFuture<List<ProductRow>> page) {
        try {
            return page.get(pageTimeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new DataUnavailableException("the database did not answer in time", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DataUnavailableException("interrupted while waiting for the database", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure : new DataUnavailableException("database unavailable", e.getCause());
        }
    }
}
