package dev.trainyard.async;

import dev.trainyard.data.DataUnavailableException;
import dev.trainyard.data.ProductPages;
import dev.trainyard.data.ProductRow;
import dev.trainyard.data.ProductStream;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;

/**
 * Keyset pages on JDBC: each page one short query on the db executor, its connection back in the
 * pool at once, however slowly the client then reads. Nothing is held between pages.
 */
record JdbcProductPages(ProductStream products, InstrumentedExecutor executor) implements ProductPages {

    @Override
    public CompletableFuture<List<ProductRow>> next(int afterId, int limit) {
        try {
            return CompletableFuture.supplyAsync(() -> limit == 0 ? List.of() : products.page(afterId, limit), executor::execute);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new DataUnavailableException("the db executor is full; try again shortly", e));
        }
    }

    @Override
    public void close() {
        // Nothing held between pages.
    }
}
