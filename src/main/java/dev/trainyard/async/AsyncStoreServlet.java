package dev.trainyard.async;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.data.Database;
import dev.trainyard.data.store.StoreQueries;
import dev.trainyard.data.store.StoreQuery;
import dev.trainyard.http.JsonOut;
import dev.trainyard.http.Params;
import dev.trainyard.scenario.StoreArgs;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The store queries, async: arguments validated on the request thread, the JPA work on the db
 * executor, the same JSON as /blocking/store/*.
 */
@WebServlet(urlPatterns = "/async/store/*", asyncSupported = true)
public class AsyncStoreServlet extends AsyncEndpoint {

    private StoreQueries store;

    @Override
    public void init() {
        super.init();
        store = new StoreQueries(Database.of(getServletContext()));
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        StoreQuery query = StoreArgs.query(request.getPathInfo());
        StoreQuery.Bound bound = query.bind(new Params(request));
        AsyncCall call = begin(request, response, requests.dbTimeoutMillis());
        offload(call, requests.executors().get("db"), requests.db().runBudgetMillis(), () -> store.run(bound), (table, out) -> JsonOut.table(out, query.path(), table));
    }
}
