package dev.trainyard.async;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.data.Database;
import dev.trainyard.data.EntryQueries;
import dev.trainyard.http.HttpProblem;
import dev.trainyard.http.Params;
import dev.trainyard.scenario.EntryArgs;
import dev.trainyard.scenario.EntryView;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The entry, async: the same query as /blocking/entry, run on the db executor (sized to the
 * connection pool), never on a container thread. The request thread only validates and leaves.
 */
@WebServlet(urlPatterns = "/async/entry", asyncSupported = true)
public class AsyncEntryServlet extends AsyncEndpoint {

    private EntryQueries entries;

    @Override
    public void init() {
        super.init();
        entries = new EntryQueries(Database.of(getServletContext()), requests.db().entryStatementTimeoutSeconds());
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Integer requested = EntryArgs.id(new Params(request));
        AsyncCall call = begin(request, response, requests.dbTimeoutMillis());
        offload(call, requests.executors().get("db"), requests.db().entryRunBudgetMillis(), () -> {
            int id = requested != null ? requested : ThreadLocalRandom.current().nextInt(1, entries.maxId() + 1);
            return entries.addView(id).orElseThrow(() -> HttpProblem.notFound("no entry with id " + id));
        }, (entry, out) -> EntryView.write(entry, "async", request, out));
    }

    @Override
    protected void head(HttpServletRequest request, HttpServletResponse response) throws IOException {
        EntryView.head(entries::exists, EntryArgs.id(new Params(request)), request, response);
    }
}
