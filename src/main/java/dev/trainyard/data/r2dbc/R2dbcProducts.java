package dev.trainyard.data.r2dbc;

import dev.trainyard.data.ProductRow;
import io.r2dbc.spi.Row;
import java.math.BigDecimal;

/**
 * The first N products in id order on the non-blocking driver, as one server-side cursor read a
 * page at a time ({@link R2dbcProductPages}): one pooled connection per stream, back in the pool
 * when the stream ends, fails or is closed.
 */
public final class R2dbcProducts {

    private final R2dbcDatabase database;

    public R2dbcProducts(R2dbcDatabase database) {
        this.database = database;
    }

    /** The first {@code count} products as pages of one cursor. */
    public R2dbcProductPages pages(int count) {
        return new R2dbcProductPages(database, ProductRow.SELECT + " ORDER BY id LIMIT " + count);
    }

    static ProductRow row(Row row) {
        return new ProductRow(row.get(0, Integer.class), row.get(1, Integer.class), row.get(2, String.class), row.get(3, String.class),
                row.get(4, BigDecimal.class), row.get(5, BigDecimal.class));
    }
}
