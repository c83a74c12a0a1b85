package dev.trainyard.data.store;

import java.util.List;

/** A query's answer as named columns and rows, ready to be written as JSON by any style. */
public record Table(List<String> columns, List<Object[]> rows) {

    static Table of(List<?> results, List<String> columns) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = results.isEmpty() || results.get(0) instanceof Object[]
                ? (List<Object[]>) results
                : results.stream().map(r -> new Object[] {r}).toList();
        return new Table(columns, rows);
    }
}
