package dev.trainyard.train;

import dev.trainyard.config.DbLimits;
import dev.trainyard.config.Setting;
import dev.trainyard.data.Database;
import dev.trainyard.data.Entry;
import dev.trainyard.data.EntryQueries;
import dev.trainyard.http.Params;
import dev.trainyard.scenario.EntryArgs;
import dev.trainyard.scenario.EntryView;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * GET /train/entry[?id=N][&amp;policy=natural|window|adaptive]: the blocking entry's contract and
 * answer, served by the train (experiment E3 train): many requests, one database trip.
 */
@WebServlet(urlPatterns = "/train/entry", asyncSupported = true)
public class TrainEntryServlet extends TrainEndpoint<Entry> {

    private EntryQueries entries;

    @Override
    public void init() {
        super.init();
        entries = new EntryQueries(Database.of(getServletContext()), DbLimits.fromSystem().entryStatementTimeoutSeconds());
    }

    @Override
    protected String command() {
        return "entry";
    }

    @Override
    protected int key(Params params) {
        Integer id = EntryArgs.id(params);
        return id != null ? id : ThreadLocalRandom.current().nextInt(1, entries.maxId() + 1);
    }

    @Override
    protected String notFound(int key) {
        return "no entry with id " + key;
    }

    @Override
    protected void render(Entry entry, HttpServletRequest request, HttpServletResponse response) throws IOException {
        EntryView.write(entry, "train", request, response);
    }

    @Override
    protected void head(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Params params = new Params(request);
        params.optionalChoice("policy", Setting.TRAIN_POLICY.allowed());
        EntryView.head(entries::exists, EntryArgs.id(params), request, response);
    }
}
