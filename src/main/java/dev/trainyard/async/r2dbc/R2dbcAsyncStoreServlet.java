package dev.trainyard.async.r2dbc;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.app.R2dbcListener;
import dev.trainyard.async.AsyncEndpoint;
import dev.trainyard.data.r2dbc.R2dbcStore;
import dev.trainyard.data.store.StoreQuery;
import dev.trainyard.data.store.StoreSql;
import dev.trainyard.http.JsonOut;
import dev.trainyard.http.Params;
import dev.trainyard.scenario.StoreArgs;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The store queries async on the non-blocking driver, /async/r2dbc/store/*: nothing waits. The
 * request goes async, the query's {@code Mono} completes it, and the answer is written on a
 * container thread ({@code AsyncContext.start}), never on the driver's event loop, which a slow
 * reader would otherwise hold. The same JSON as /blocking/store/*.
 */
@WebServlet(urlPatterns = "/async/r2dbc/store/*", asyncSupported = true)
public class R2dbcAsyncStoreServlet extends AsyncEndpoint {

    private R2dbcStore store;

    @Override
    public void init() {
        super.init();
        store = new R2dbcStore(R2dbcListener.of(getServletContext()));
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        StoreQuery query = StoreArgs.query(request.getPathInfo());
        StoreSql sql = query.bind(new Params(request)).sql();
        AsyncCall call = begin(request, response, requests.dbTimeoutMillis());
        answerWhenDone(call, requests.db().runBudgetMillis(), store.run(sql), (table, out) -> JsonOut.table(out, query.path(), table));
    }
}
