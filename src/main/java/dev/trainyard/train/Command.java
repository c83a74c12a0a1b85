package dev.trainyard.train;

import dev.trainyard.data.DataUnavailableException;
import dev.trainyard.data.OutcomeUnknownException;
import java.util.List;

/**
 * One kind of database work the train carries, done for a whole batch in one round trip. One
 * worker type per command, as the original E3 train proposed; the dispatcher mechanism is shared.
 */
public interface Command<K, R> {

    /** The name on /metrics and in logs (entry, characteristics). */
    String name();

    /**
     * Does the work of every key in one database round trip and returns one outcome per key, in
     * the keys' order (a key may repeat). A failure of the trip throws: nothing was applied
     * ({@link DataUnavailableException}), or the database never said ({@link OutcomeUnknownException}).
     */
    List<Outcome<R>> run(List<K> keys) throws Exception;

    /**
     * What a failed trip means for each of its riders: not applied (503) only when the data layer
     * says so; anything else, a bug included, may have happened after the write (504).
     */
    default Outcome<R> failure(Throwable e) {
        if (e instanceof DataUnavailableException unavailable) {
            return Outcome.failed(unavailable.getMessage());
        }
        return Outcome.unknown(e instanceof OutcomeUnknownException ? e.getMessage()
                : "the batch failed after it was sent; its outcome is unknown");
    }
}
