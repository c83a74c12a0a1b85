package dev.trainyard.data;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Where a products stream's rows come from, a page at a time, each asked for only when its writer
 * can take it, so that a stream never holds more than the page it writes.
 */
public interface ProductPages extends AutoCloseable {

    /**
     * The next at most {@code limit} products after {@code afterId}, in id order; fewer only at the
     * end of the table. Fails with the data layer's exceptions (503).
     */
    CompletableFuture<List<ProductRow>> next(int afterId, int limit);

    /** The stream ended, finished or cut short: lets go of what it holds. Called once or more. */
    @Override
    void close();
}
