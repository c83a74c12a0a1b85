package dev.trainyard.train;

import dev.trainyard.data.Entry;
import dev.trainyard.data.EntryQueries;
import java.util.List;
import java.util.Optional;

/** The Train experiment's work: add a view to each requested entry, one trip per batch. */
final class EntryCommand implements Command<Integer, Entry> {

    private final EntryQueries entries;

    EntryCommand(EntryQueries entries) {
        this.entries = entries;
    }

    @Override
    public String name() {
        return "entry";
    }

    @Override
    public List<Outcome<Entry>> run(List<Integer> ids) throws Exception {
        return entries.addViews(ids).stream().map(EntryCommand::outcome).toList();
    }

    static <R> Outcome<R> outcome(Optional<R> row) {
        return row.isPresent() ? Outcome.found(row.get()) : Outcome.missing();
    }
}
