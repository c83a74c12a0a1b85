package dev.trainyard.scenario;

import dev.trainyard.config.Setting;
import dev.trainyard.http.Params;

/** What both products endpoints take: {@code count}, how many products the answer holds. */
public final class ProductsArgs {

    /** Above the large data set (613,202 products, about 100 MB of JSON). */
    public static final int MAX_COUNT = 1_000_000;

    private ProductsArgs() {
    }

    public static int count(Params params) {
        return params.intArg("count", 0, MAX_COUNT);
    }

    /** How many rows a streaming path reads from the database at a time, and so holds at most. */
    public static int pageSize() {
        return Setting.PRODUCTS_PAGE_SIZE.integer();
    }
}
