package dev.trainyard.blocking.r2dbc;

import dev.trainyard.app.R2dbcListener;
import dev.trainyard.data.r2dbc.R2dbcStore;
import dev.trainyard.data.store.StoreQuery;
import dev.trainyard.data.store.Table;
import dev.trainyard.http.JsonOut;
import dev.trainyard.http.Params;
import dev.trainyard.scenario.StoreArgs;
import dev.trainyard.web.Endpoint;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The store queries on the non-blocking driver from a blocking servlet, /blocking/r2dbc/store/*:
 * the request thread waits for the query's {@code Mono} (the paper's hybrid). The same JSON as
 * /blocking/store/*; the wait is bounded by the pool's acquire bound and the query's own timeout.
 */
@WebServlet("/blocking/r2dbc/store/*")
public class R2dbcStoreServlet extends Endpoint {

    private R2dbcStore store;

    @Override
    public void init() {
        store = new R2dbcStore(R2dbcListener.of(getServletContext()));
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        StoreQuery query = StoreArgs.query(request.getPathInfo());
        Table table = store.run(query.bind(new Params(request)).sql()).block();
        JsonOut.table(response, query.path(), table);
    }
}
