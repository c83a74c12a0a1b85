package dev.trainyard.train;

import dev.trainyard.data.store.CharacteristicsBatch;
import dev.trainyard.data.store.Table;
import java.util.List;

/** The store's S2 (a product's characteristics) for a whole batch in one trip. */
final class CharacteristicsCommand implements Command<Integer, Table> {

    private final CharacteristicsBatch batch;

    CharacteristicsCommand(CharacteristicsBatch batch) {
        this.batch = batch;
    }

    @Override
    public String name() {
        return "characteristics";
    }

    @Override
    public List<Outcome<Table>> run(List<Integer> productIds) throws Exception {
        return batch.of(productIds).stream().map(EntryCommand::outcome).toList();
    }
}
