package dev.trainyard.blocking.r2dbc;

import dev.trainyard.app.R2dbcListener;
import dev.trainyard.config.DbLimits;
import dev.trainyard.data.Entry;
import dev.trainyard.data.r2dbc.R2dbcEntries;
import dev.trainyard.http.HttpProblem;
import dev.trainyard.http.Params;
import dev.trainyard.scenario.EntryArgs;
import dev.trainyard.scenario.EntryView;
import dev.trainyard.web.Endpoint;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The entry on the non-blocking driver from a blocking servlet, /blocking/r2dbc/entry: the request
 * thread waits for the update's {@code Mono} (the paper's hybrid), bounded by the pool's acquire
 * bound and the update's own timeouts. The same answers, and the same rules, as /blocking/entry.
 */
@WebServlet("/blocking/r2dbc/entry")
public class R2dbcEntryServlet extends Endpoint {

    private R2dbcEntries entries;

    @Override
    public void init() {
        entries = new R2dbcEntries(R2dbcListener.of(getServletContext()), DbLimits.fromSystem().entryStatementTimeoutSeconds());
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Integer requested = EntryArgs.id(new Params(request));
        int id = requested != null ? requested : ThreadLocalRandom.current().nextInt(1, entries.maxId().block() + 1);
        Entry entry = entries.addView(id).block().orElseThrow(() -> HttpProblem.notFound("no entry with id " + id));
        EntryView.write(entry, "blocking", request, response);
    }

    @Override
    protected void head(HttpServletRequest request, HttpServletResponse response) throws IOException {
        EntryView.head(id -> entries.exists(id).block(), EntryArgs.id(new Params(request)), request, response);
    }
}
