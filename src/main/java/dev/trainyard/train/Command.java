package dev.trainyard.train;

import java.util.List;

/**
 * One kind of database work the train carries, done for a whole batch in one round trip. One
 * worker type per command, as the seed proposed; the dispatcher mechanism is shared.
 */
public interface Command<K, R> {

    /** The name on /metrics and in logs (entry, characteristics). */
    String name();

    /**
     * Does the work of every key in one database round trip and returns one outcome per key, in
     * the keys' order (a key may repeat). A failure of the trip throws, and nothing is applied.
     */
    List<Outcome<R>> run(List<K> keys) throws Exception;
}
