package dev.trainyard.blocking;

import dev.trainyard.data.Database;
import dev.trainyard.data.store.StoreQueries;
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
 * The paper's store queries, /blocking/store/{s1..s4,c1..c4}, run through JPA on the request
 * thread. The query name is looked up in a fixed set; it never becomes part of any SQL.
 */
@WebServlet("/blocking/store/*")
public class StoreServlet extends Endpoint {

    private StoreQueries store;

    @Override
    public void init() {
        store = new StoreQueries(Database.of(getServletContext()));
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        StoreQuery query = StoreArgs.query(request.getPathInfo());
        Table table = store.run(query, new Params(request));
        JsonOut.table(response, query.path(), table);
    }
}
