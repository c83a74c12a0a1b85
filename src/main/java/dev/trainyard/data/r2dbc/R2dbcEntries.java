package dev.trainyard.data.r2dbc;

import dev.trainyard.data.DataUnavailableException;
import dev.trainyard.data.Entry;
import dev.trainyard.data.EntryQueries;
import dev.trainyard.data.OutcomeUnknownException;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Row;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Logger;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The entry on the non-blocking driver: the JDBC path's update, with its rules. One message, one
 * round trip: the entry's statement timeout, the update, the pool's timeout back, run by PostgreSQL
 * as one implicit transaction, so a cut update also undoes its timeout and nothing of it stays.
 * A failure before the update was sent, or one PostgreSQL reports as rolled back (statement
 * timeout, lock not available, deadlock), applied nothing: 503. Any other failure once it was sent
 * (the connection broke, no answer in time) leaves the outcome unknown: 504.
 */
public final class R2dbcEntries {

    private static final Logger LOG = Logger.getLogger(R2dbcEntries.class.getName());

    private final R2dbcDatabase database;
    private final int statementTimeoutMillis;
    private volatile int maxId;

    /** @param statementTimeoutSeconds the entry's bound, as on the JDBC path (trainyard.entry.statementTimeoutSeconds) */
    public R2dbcEntries(R2dbcDatabase database, int statementTimeoutSeconds) {
        this.database = database;
        this.statementTimeoutMillis = statementTimeoutSeconds * 1000;
    }

    /** Adds one view to the row and completes with it, or with empty when no row has this id. */
    public Mono<Optional<Entry>> addView(int id) {
        R2dbcConfig config = database.config();
        return Mono.usingWhen(database.connection(),
                        connection -> Flux.from(connection.createBatch()
                                        .add("SET statement_timeout = " + statementTimeoutMillis)
                                        .add(EntryQueries.addView(Integer.toString(id)))
                                        .add("SET statement_timeout = " + config.statementTimeoutMillis())
                                        .execute())
                                .concatMap(result -> result.map((row, meta) -> entry(row)))
                                .collectList()
                                .map(rows -> rows.stream().findFirst())
                                // What pgjdbc's socketTimeout is on the JDBC pools.
                                .timeout(Duration.ofSeconds(config.socketTimeoutSeconds()))
                                .onErrorMap(this::writeFailed),
                        Connection::close)
                .onErrorMap(failure -> !(failure instanceof OutcomeUnknownException), database::unavailable);
    }

    /** Whether a row has this id: what a HEAD of the entry answers, without adding a view. */
    public Mono<Boolean> exists(int id) {
        return Mono.usingWhen(database.connection(),
                        connection -> Flux.from(connection.createStatement("SELECT 1 FROM trentry WHERE id = $1").bind(0, id).execute())
                                .concatMap(result -> result.map((row, meta) -> Boolean.TRUE))
                                .hasElements(),
                        Connection::close)
                .timeout(Duration.ofSeconds(database.config().socketTimeoutSeconds()))
                .onErrorMap(database::unavailable);
    }

    /** The highest id, read once: random ids are drawn from 1..maxId (the data set is fixed). */
    public Mono<Integer> maxId() {
        int known = maxId;
        if (known > 0) {
            return Mono.just(known);
        }
        return Mono.usingWhen(database.connection(),
                        connection -> Flux.from(connection.createStatement("SELECT coalesce(max(id), 0) FROM trentry").execute())
                                .concatMap(result -> result.map((row, meta) -> row.get(0, Integer.class)))
                                .single(),
                        Connection::close)
                .timeout(Duration.ofSeconds(database.config().socketTimeoutSeconds()))
                .onErrorMap(database::unavailable)
                .flatMap(max -> max == 0 ? Mono.error(new DataUnavailableException("table trentry is empty: seed the database", null))
                        : Mono.just(maxId = max));
    }

    /** As the JDBC path's: what PostgreSQL reports as rolled back applied nothing; the rest is unknown. */
    private RuntimeException writeFailed(Throwable failure) {
        if (failure instanceof R2dbcException r2dbc && r2dbc.getSqlState() != null) {
            String state = r2dbc.getSqlState();
            if (state.equals("57014") || state.startsWith("40") || state.equals("55P03")) {
                return database.unavailable(failure);
            }
        }
        LOG.warning("R2DBC database write failed without an answer: " + failure);
        return new OutcomeUnknownException("the database did not answer the update; its outcome is unknown", failure);
    }

    private static Entry entry(Row row) {
        // char(25) pads with blanks; the page shows the name, not its padding.
        return new Entry(row.get(0, Integer.class), row.get(1, String.class).stripTrailing(), row.get(2, String.class),
                row.get(3, Integer.class));
    }
}
