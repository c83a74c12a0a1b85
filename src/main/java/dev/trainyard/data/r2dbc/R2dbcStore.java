package dev.trainyard.data.r2dbc;

import dev.trainyard.data.NotFoundException;
import dev.trainyard.data.store.StoreSql;
import dev.trainyard.data.store.Table;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Row;
import io.r2dbc.spi.Statement;
import java.time.Duration;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Runs a store query's SQL form on a pooled R2DBC connection: nothing waits for the database, the
 * answer is a {@link Mono} that completes with the same {@link Table} the JPA path builds, or
 * fails with the same exceptions (404, 503), so every style answers both drivers alike.
 */
public final class R2dbcStore {

    private final R2dbcDatabase database;

    public R2dbcStore(R2dbcDatabase database) {
        this.database = database;
    }

    public Mono<Table> run(StoreSql sql) {
        R2dbcConfig config = database.config();
        return Mono.usingWhen(database.connection(), connection -> query(connection, sql), Connection::close)
                // What pgjdbc's socketTimeout is on the JDBC pools: a database that stopped answering
                // altogether cannot cut its own statements.
                .timeout(Duration.ofSeconds(config.socketTimeoutSeconds()))
                .onErrorMap(failure -> !(failure instanceof NotFoundException), database::unavailable);
    }

    private static Mono<Table> query(Connection connection, StoreSql sql) {
        Mono<Void> check = sql.mustExist() == null ? Mono.empty()
                : Flux.from(bind(connection.createStatement(sql.mustExist()), sql.args()).execute())
                        .concatMap(result -> result.map((row, meta) -> Boolean.TRUE))
                        .hasElements()
                        .flatMap(found -> found ? Mono.<Void>empty() : Mono.error(new NotFoundException(sql.notFound())));
        int width = sql.columns().size();
        return check.then(Flux.from(bind(connection.createStatement(sql.text()), sql.args()).execute())
                .concatMap(result -> result.map((row, meta) -> values(row, width)))
                .collectList()
                .map(rows -> new Table(sql.columns(), rows)));
    }

    private static Statement bind(Statement statement, List<Object> args) {
        for (int i = 0; i < args.size(); i++) {
            statement.bind(i, args.get(i));
        }
        return statement;
    }

    /** The row's values as the driver's default Java types (int4 Integer, numeric BigDecimal, date LocalDate ...). */
    private static Object[] values(Row row, int width) {
        Object[] values = new Object[width];
        for (int i = 0; i < width; i++) {
            values[i] = row.get(i);
        }
        return values;
    }
}
