package dev.trainyard.data;

import java.math.BigDecimal;

/** A product as the response-size sweep sends it. */
public record ProductRow(int id, int categoryId, String name, String description, BigDecimal price, BigDecimal cost) {
}
