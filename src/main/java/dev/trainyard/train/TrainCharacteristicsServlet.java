package dev.trainyard.train;

import dev.trainyard.data.store.StoreQuery;
import dev.trainyard.data.store.Table;
import dev.trainyard.http.JsonOut;
import dev.trainyard.http.Params;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * GET /train/store/s2?productId=N: the store's S2 on the train, the dispatcher's second command.
 * Same answer as /blocking/store/s2.
 */
@WebServlet(urlPatterns = "/train/store/s2", asyncSupported = true)
public class TrainCharacteristicsServlet extends TrainEndpoint<Table> {

    @Override
    protected String command() {
        return "characteristics";
    }

    @Override
    protected int key(Params params) {
        return params.intArg("productId", 1, Integer.MAX_VALUE);
    }

    @Override
    protected String notFound(int key) {
        return "no product with id " + key;
    }

    @Override
    protected void render(Table table, HttpServletRequest request, HttpServletResponse response) throws IOException {
        JsonOut.table(response, StoreQuery.S2.path(), table);
    }
}
