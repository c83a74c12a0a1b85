package dev.trainyard.blocking;

import dev.trainyard.data.Database;
import dev.trainyard.data.ProductStream;
import dev.trainyard.http.JsonOut;
import dev.trainyard.http.Params;
import dev.trainyard.scenario.ProductsArgs;
import dev.trainyard.web.Endpoint;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The response-size sweep (experiment E1 store): the first N products as one JSON array, streamed from
 * a database cursor through the blocking output stream. The request thread blocks whenever the
 * socket buffer is full, so a slow reader costs a thread for as long as it reads; that is the
 * behaviour the async twin's WriteListener avoids.
 */
@WebServlet("/blocking/products")
public class ProductsServlet extends Endpoint {

    private ProductStream products;

    @Override
    public void init() {
        products = new ProductStream(Database.of(getServletContext()));
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        int count = ProductsArgs.count(new Params(request));
        // Not try-with-resources: after a failure the generator must not be closed, since closing
        // would flush half an array and commit the response before the 503 can be sent.
        JsonGenerator json = JsonOut.open(response);
        json.writeStartArray();
        products.stream(count, row -> JsonOut.product(json, row));
        json.writeEnd();
        json.close();
    }
}
