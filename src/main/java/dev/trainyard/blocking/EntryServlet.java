package dev.trainyard.blocking;

import dev.trainyard.config.DbLimits;
import dev.trainyard.data.Database;
import dev.trainyard.data.Entry;
import dev.trainyard.data.EntryQueries;
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
 * The classic servlet of experiment E3 train: one request, one thread, one pooled connection,
 * held from the read to the write. Without an id a random one is drawn, which keeps the
 * database cache cold as in the original experiment.
 */
@WebServlet("/blocking/entry")
public class EntryServlet extends Endpoint {

    private EntryQueries entries;

    @Override
    public void init() {
        entries = new EntryQueries(Database.of(getServletContext()), DbLimits.fromSystem().entryStatementTimeoutSeconds());
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Integer requested = EntryArgs.id(new Params(request));
        int id = requested != null ? requested : ThreadLocalRandom.current().nextInt(1, entries.maxId() + 1);
        Entry entry = entries.addView(id).orElseThrow(() -> HttpProblem.notFound("no entry with id " + id));
        EntryView.write(entry, "blocking", request, response);
    }

    @Override
    protected void head(HttpServletRequest request, HttpServletResponse response) throws IOException {
        EntryView.head(entries::exists, EntryArgs.id(new Params(request)), request, response);
    }
}
