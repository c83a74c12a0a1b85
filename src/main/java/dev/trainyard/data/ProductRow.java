package dev.trainyard.data;

import java.math.BigDecimal;

/** A product as the response-size sweep sends it. */
public record ProductRow(int id, int categoryId, String name, String description, BigDecimal price, BigDecimal cost) {

    /** The columns, in this record's order, from the table: every driver reads the same. */
    public static final String SELECT = "SELECT id, category_id, name, description, price, cost FROM product";
}
