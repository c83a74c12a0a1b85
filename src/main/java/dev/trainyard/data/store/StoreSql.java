package dev.trainyard.data.store;

import java.util.List;

/**
 * A store query as plain SQL with {@code $n} markers, for a driver without JPA (R2DBC): its text,
 * its validated arguments in marker order, and the names of its answer's columns, in the order
 * the SELECT lists them. A query about one thing (S2's product) first runs {@code mustExist}
 * with the same arguments: no row there is a 404 with {@code notFound}, as on the JPA path.
 */
public record StoreSql(String text, List<Object> args, List<String> columns, String mustExist, String notFound) {

    static StoreSql of(String text, List<String> columns, Object... args) {
        return new StoreSql(text, List.of(args), columns, null, null);
    }

    StoreSql requiring(String existsText, String notFoundMessage) {
        return new StoreSql(text, args, columns, existsText, notFoundMessage);
    }
}
