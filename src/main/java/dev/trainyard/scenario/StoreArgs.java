package dev.trainyard.scenario;

import dev.trainyard.data.store.StoreQuery;
import dev.trainyard.http.HttpProblem;
import dev.trainyard.http.Params;

/**
 * Which store query a request names, /store/{s1..s4,c1..c4}: looked up in a fixed set, so the
 * name never becomes part of any SQL.
 */
public final class StoreArgs {

    private StoreArgs() {
    }

    /** Maps the path info ("/s1") to a query; anything else is a 404 that lists the valid names. */
    public static StoreQuery query(String pathInfo) {
        String name = pathInfo == null ? "" : pathInfo.startsWith("/") ? pathInfo.substring(1) : pathInfo;
        return StoreQuery.byPath(name).orElseThrow(() -> HttpProblem.notFound(
                "no store query '" + Params.echo(name) + "'; the queries are " + StoreQuery.paths()));
    }
}
