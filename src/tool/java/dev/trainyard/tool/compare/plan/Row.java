package dev.trainyard.tool.compare.plan;

/**
 * What a cell asks, as typed values: the plan's question (its family: "sleep", "entry", "store",
 * "products" ...), the store query or the answer's size where the family has one, and the driver.
 * The report and cells.csv name it by {@link #name()} ("store s2", "products 10000 r2dbc"), a name
 * users' scripts read; the harness itself never reads a name back.
 *
 * @param query the store query ("s2"), or "" for other families
 * @param count the products answer's size, or 0 for other families
 */
public record Row(String family, String query, int count, Driver driver) {

    /** A family with no query, size or driver of its own. */
    public static Row of(String family) {
        return new Row(family, "", 0, Driver.JDBC);
    }

    public static Row store(String query, Driver driver) {
        return new Row("store", query, 0, driver);
    }

    public static Row products(int count, Driver driver) {
        return new Row("products", "", count, driver);
    }

    /** The same question on another driver. */
    public Row on(Driver other) {
        return new Row(family, query, count, other);
    }

    /** The row's name in the report and cells.csv; JDBC, the store's own path, adds no word. */
    public String name() {
        return family + (query.isEmpty() ? "" : " " + query) + (count > 0 ? " " + count : "")
                + (driver == Driver.JDBC ? "" : " " + driver.key());
    }
}
