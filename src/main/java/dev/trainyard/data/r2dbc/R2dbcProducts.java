package dev.trainyard.data.r2dbc;

import dev.trainyard.data.ProductRow;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Row;
import java.math.BigDecimal;
import reactor.core.publisher.Flux;

/**
 * The first N products in id order on the non-blocking driver, as a {@link Flux} that reads only
 * what its subscriber asks for: the statement runs as a portal fetched {@code fetchSize} rows at a
 * time, and the driver reads the socket only while there is demand, so a subscriber that stops
 * asking stops the database too (it waits to write to us). One pooled connection per stream, back
 * in the pool when the stream completes, fails or is cancelled.
 */
public final class R2dbcProducts {

    private static final String FIRST_N = ProductRow.SELECT + " ORDER BY id LIMIT $1";

    private final R2dbcDatabase database;

    public R2dbcProducts(R2dbcDatabase database) {
        this.database = database;
    }

    /** The first {@code count} products as pages of one cursor, fetched {@code fetchSize} rows at a time. */
    public R2dbcProductPages pages(int count, int fetchSize) {
        return new R2dbcProductPages(firstN(count, fetchSize));
    }

    Flux<ProductRow> firstN(int count, int fetchSize) {
        return Flux.usingWhen(database.connection(),
                        connection -> Flux.from(connection.createStatement(FIRST_N).bind(0, count).fetchSize(fetchSize).execute())
                                .concatMap(result -> result.map((row, meta) -> row(row))),
                        Connection::close)
                .onErrorMap(database::unavailable);
    }

    private static ProductRow row(Row row) {
        return new ProductRow(row.get(0, Integer.class), row.get(1, Integer.class), row.get(2, String.class), row.get(3, String.class),
                row.get(4, BigDecimal.class), row.get(5, BigDecimal.class));
    }
}
