package dev.trainyard.tool.seed;

import java.util.Locale;

/**
 * How big the electronics store is. DEFAULT makes the complex queries do real work (hundreds of
 * thousands of invoice lines) and seeds in seconds; LARGE reaches the paper's 613,202 products,
 * about 100 MB through /products; TINY is for unit tests and quick looks.
 */
public enum StoreSize {
    TINY(30, 5, 5, 5, 200, 300),
    DEFAULT(5_000, 200, 800, 40, 20_000, 60_000),
    LARGE(5_000, 200, 800, 40, 613_202, 60_000);

    final int customers;
    final int employees;
    final int suppliers;
    final int categories;
    final int products;
    final int invoices;

    StoreSize(int customers, int employees, int suppliers, int categories, int products, int invoices) {
        this.customers = customers;
        this.employees = employees;
        this.suppliers = suppliers;
        this.categories = categories;
        this.products = products;
        this.invoices = invoices;
    }

    public int products() {
        return products;
    }

    public int invoices() {
        return invoices;
    }

    public int parties() {
        return customers + employees + suppliers;
    }

    public int categories() {
        return categories;
    }

    public static StoreSize parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("store size must be one of tiny, default, large; got '" + name + "'");
        }
    }
}
