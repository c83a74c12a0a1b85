package dev.trainyard.async.r2dbc;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.app.R2dbcListener;
import dev.trainyard.async.AsyncEndpoint;
import dev.trainyard.data.Entry;
import dev.trainyard.data.r2dbc.R2dbcEntries;
import dev.trainyard.http.HttpProblem;
import dev.trainyard.http.Params;
import dev.trainyard.scenario.EntryArgs;
import dev.trainyard.scenario.EntryView;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;
import reactor.core.publisher.Mono;

/**
 * The entry async on the non-blocking driver, /async/r2dbc/entry: nothing waits. The request goes
 * async, the update's {@code Mono} completes it, and the answer is written on a container thread.
 * The same answers, and the same rules, as /async/entry.
 */
@WebServlet(urlPatterns = "/async/r2dbc/entry", asyncSupported = true)
public class R2dbcAsyncEntryServlet extends AsyncEndpoint {

    private R2dbcEntries entries;

    @Override
    public void init() {
        super.init();
        entries = new R2dbcEntries(R2dbcListener.of(getServletContext()), requests.db().entryStatementTimeoutSeconds());
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Integer requested = EntryArgs.id(new Params(request));
        AsyncCall call = begin(request, response, requests.dbTimeoutMillis());
        Mono<Integer> id = requested != null ? Mono.just(requested)
                : entries.maxId().map(max -> ThreadLocalRandom.current().nextInt(1, max + 1));
        Mono<Entry> entry = id.flatMap(chosen -> entries.addView(chosen)
                .map(found -> found.orElseThrow(() -> HttpProblem.notFound("no entry with id " + chosen))));
        answerWhenDone(call, requests.db().entryRunBudgetMillis(), entry, (found, out) -> EntryView.write(found, "async", request, out));
    }

    @Override
    protected void head(HttpServletRequest request, HttpServletResponse response) throws IOException {
        EntryView.head(id -> entries.exists(id).block(), EntryArgs.id(new Params(request)), request, response);
    }
}
