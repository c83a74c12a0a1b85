package dev.trainyard.data.r2dbc;

import dev.trainyard.data.ProductPages;
import dev.trainyard.data.ProductRow;
import io.r2dbc.spi.Connection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Pages of one SQL cursor: the stream's connection opens a transaction and declares the cursor
 * with the first page, each {@link #next} is one {@code FETCH FORWARD} of that many rows, read
 * whole, and nothing more is read until the writer asks again: between pages the database's
 * backend holds the cursor and waits. {@link #close} ends the transaction, which closes the
 * cursor, and puts the connection back in the pool.
 *
 * <p>A cursor of SQL, not the driver's portal (a statement with a fetch size, which the driver
 * reads as its subscriber asks): r2dbc-postgresql 1.1.3, asked for the portal's next rows after
 * its connection had died, hands the next fetch to the dead connection from inside the drain of
 * its buffered rows, and that failure's close then waits for ever for the drain's own flag, its
 * event loop spinning and every connection on that loop stopped. Here each page is a statement
 * read whole, so no request finds rows buffered, and a statement's timeout bounds each page, not
 * the whole stream. Each page and the end are started on the connection's own event loop, where
 * the driver closes a connection that died: the driver's queues take one reader at a time.
 */
public final class R2dbcProductPages implements ProductPages {

    private static final String CURSOR = "trainyard_products";

    private final R2dbcDatabase database;
    private final String query;
    /** The stream's connection with its cursor declared, made by the first page; null before. */
    private Mono<Held> cursor;
    private boolean closed;

    R2dbcProductPages(R2dbcDatabase database, String query) {
        this.database = database;
        this.query = query;
    }

    @Override
    public CompletableFuture<List<ProductRow>> next(int afterId, int limit) {
        if (limit == 0) {
            return CompletableFuture.completedFuture(List.of());
        }
        Mono<Held> open;
        synchronized (this) {
            if (closed) {
                return CompletableFuture.failedFuture(new IllegalStateException("the stream is closed"));
            }
            if (cursor == null) {
                cursor = declared().cache();
            }
            open = cursor;
        }
        return open.flatMap(held -> Mono.defer(() -> Flux.from(held.connection().createStatement("FETCH FORWARD " + limit + " FROM " + CURSOR)
                                .execute())
                        .concatMap(result -> result.map((row, meta) -> R2dbcProducts.row(row)))
                        .collectList())
                        .subscribeOn(held.loop()))
                .onErrorMap(database::unavailable)
                .toFuture();
    }

    /** A connection and the event loop it runs on. */
    private record Held(Connection connection, Scheduler loop) {
    }

    /** A pooled connection in a transaction with the cursor declared; given back if that fails. */
    private Mono<Held> declared() {
        return database.connection().flatMap(connection -> Mono.from(connection.beginTransaction())
                .then(Flux.from(connection.createStatement("DECLARE " + CURSOR + " NO SCROLL CURSOR FOR " + query).execute())
                        .concatMap(result -> result.getRowsUpdated()).then())
                // The declaration's answer arrives on the connection's event loop.
                .then(Mono.fromSupplier(() -> new Held(connection, database.currentLoop().map(Schedulers::fromExecutor)
                        .orElse(Schedulers.immediate()))))
                .onErrorResume(failure -> release(connection).then(Mono.error(failure))));
    }

    @Override
    public void close() {
        Mono<Held> open;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            open = cursor;
        }
        if (open != null) {
            // After the page in flight, if any: the driver runs a connection's statements in turn.
            open.flatMap(held -> release(held.connection()).subscribeOn(held.loop())).subscribe(done -> { }, failure -> { });
        }
    }

    /** Ends the transaction (closing the cursor) and puts the connection back, whatever the end's outcome. */
    private Mono<Void> release(Connection connection) {
        return Mono.from(connection.rollbackTransaction()).onErrorResume(failure -> Mono.empty())
                .then(Mono.from(connection.close()));
    }
}
