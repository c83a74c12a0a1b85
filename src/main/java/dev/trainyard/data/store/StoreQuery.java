package dev.trainyard.data.store;

import dev.trainyard.data.NotFoundException;
import dev.trainyard.data.QueryArgs;
import jakarta.persistence.EntityManager;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The paper's four simple and four complex queries over the electronics store (experiment E1 store),
 * each in the two forms the driver axis runs: for JPA over JDBC, and as plain SQL for R2DBC, which
 * must answer the same rows. Simple ones are JPQL named queries on the entities on the JPA path;
 * the complex ones (subqueries in FROM, correlated subqueries, date parts: beyond JPQL 3.1) are
 * the same native SQL on both paths. Each states the arguments it needs through {@link QueryArgs},
 * which validates them. Money: sales = quantity * item price; costs = quantity * product cost.
 */
public enum StoreQuery {

    /** S1: customers (or employees, or suppliers) filtered by type_ces. */
    S1 {
        @Override
        public Bound bind(QueryArgs args) {
            String type = args.choiceArg("type", List.of("C", "E", "S"));
            List<String> columns = List.of("id", "type", "name", "email", "city");
            return new Bound(em -> Table.of(em.createNamedQuery(Party.BY_TYPE).setParameter("type", type).getResultList(), columns),
                    StoreSql.of("SELECT id, type_ces, name, email, city FROM customer_employee_supplier WHERE type_ces = $1 ORDER BY id",
                            columns, type));
        }
    },

    /** S2: all characteristics of one product. */
    S2 {
        @Override
        public Bound bind(QueryArgs args) {
            int productId = args.intArg("productId", 1, Integer.MAX_VALUE);
            List<String> columns = List.of("id", "feature", "value");
            String notFound = "no product with id " + productId;
            return new Bound(em -> {
                Number found = (Number) em.createNamedQuery(Product.COUNT_BY_ID).setParameter("id", productId).getSingleResult();
                if (found.intValue() == 0) {
                    throw new NotFoundException(notFound);
                }
                return Table.of(em.createNamedQuery(Characteristic.OF_PRODUCT).setParameter("productId", productId).getResultList(), columns);
            }, StoreSql.of("SELECT id, feature, feature_value FROM characteristic WHERE product_id = $1 ORDER BY id", columns, productId)
                    .requiring("SELECT 1 FROM product WHERE id = $1", notFound));
        }
    },

    /** S3: the invoice with the greatest value, aggregated from its items (ties: lowest id). */
    S3 {
        @Override
        public Bound bind(QueryArgs args) {
            return Bound.nativeSql("""
                    SELECT i.id, i.invoice_date, i.customer_id, sum(it.quantity * it.price) AS total
                    FROM invoice i JOIN item it ON it.invoice_id = i.id
                    GROUP BY i.id, i.invoice_date, i.customer_id
                    ORDER BY total DESC, i.id
                    LIMIT 1""", "invoiceId", "invoiceDate", "customerId", "total");
        }
    },

    /** S4: items sold between two dates (at most a year apart, to bound the answer). */
    S4 {
        static final LocalDate MIN = LocalDate.of(1990, 1, 1);
        static final LocalDate MAX = LocalDate.of(2100, 12, 31);
        static final int MAX_DAYS = 366;

        @Override
        public Bound bind(QueryArgs args) {
            LocalDate from = args.dateArg("from", MIN, MAX);
            LocalDate to = args.dateArg("to", MIN, MAX);
            if (to.isBefore(from)) {
                throw args.invalid("parameter 'to' (" + to + ") must not be before 'from' (" + from + ")");
            }
            if (ChronoUnit.DAYS.between(from, to) > MAX_DAYS) {
                throw args.invalid("parameters 'from' and 'to' must be at most " + MAX_DAYS + " days apart");
            }
            List<String> columns = List.of("itemId", "invoiceId", "invoiceDate", "productId", "quantity", "price");
            return new Bound(em -> Table.of(em.createNamedQuery(Item.SOLD_BETWEEN).setParameter("from", from).setParameter("to", to)
                    .getResultList(), columns),
                    StoreSql.of("SELECT it.id, i.id, i.invoice_date, it.product_id, it.quantity, it.price"
                            + " FROM item it JOIN invoice i ON i.id = it.invoice_id"
                            + " WHERE i.invoice_date BETWEEN $1 AND $2 ORDER BY i.invoice_date, it.id", columns, from, to));
        }
    },

    /** C1: sales and costs per month, each from its own subquery, joined on year and month. */
    C1 {
        @Override
        public Bound bind(QueryArgs args) {
            return Bound.nativeSql("""
                    SELECT s.year, s.month, s.sales, c.costs
                    FROM (SELECT CAST(extract(YEAR FROM i.invoice_date) AS int) AS year,
                                 CAST(extract(MONTH FROM i.invoice_date) AS int) AS month,
                                 sum(it.quantity * it.price) AS sales
                          FROM invoice i JOIN item it ON it.invoice_id = i.id
                          GROUP BY 1, 2) s
                    JOIN (SELECT CAST(extract(YEAR FROM i.invoice_date) AS int) AS year,
                                 CAST(extract(MONTH FROM i.invoice_date) AS int) AS month,
                                 sum(it.quantity * p.cost) AS costs
                          FROM invoice i JOIN item it ON it.invoice_id = i.id JOIN product p ON p.id = it.product_id
                          GROUP BY 1, 2) c
                      ON c.year = s.year AND c.month = s.month
                    ORDER BY s.year, s.month""", "year", "month", "sales", "costs");
        }
    },

    /** C2: profit per month (sales minus costs). */
    C2 {
        @Override
        public Bound bind(QueryArgs args) {
            return Bound.nativeSql("""
                    SELECT CAST(extract(YEAR FROM i.invoice_date) AS int) AS year,
                           CAST(extract(MONTH FROM i.invoice_date) AS int) AS month,
                           sum(it.quantity * (it.price - p.cost)) AS profit
                    FROM invoice i JOIN item it ON it.invoice_id = i.id JOIN product p ON p.id = it.product_id
                    GROUP BY 1, 2
                    ORDER BY 1, 2""", "year", "month", "profit");
        }
    },

    /**
     * C3: in each category, the product whose profit equals the greatest profit of its category,
     * found by a correlated subquery as in the paper (ties: the lowest product id).
     */
    C3 {
        @Override
        public Bound bind(QueryArgs args) {
            return Bound.nativeSql("""
                    SELECT DISTINCT ON (c.id) c.id, c.name, pp.product_id, pp.product_name, pp.profit
                    FROM category c
                    JOIN (SELECT p.id AS product_id, p.name AS product_name, p.category_id,
                                 sum(it.quantity * (it.price - p.cost)) AS profit
                          FROM product p JOIN item it ON it.product_id = p.id
                          GROUP BY p.id, p.name, p.category_id) pp ON pp.category_id = c.id
                    WHERE pp.profit = (SELECT max(q.profit)
                                       FROM (SELECT sum(it2.quantity * (it2.price - p2.cost)) AS profit
                                             FROM product p2 JOIN item it2 ON it2.product_id = p2.id
                                             WHERE p2.category_id = c.id
                                             GROUP BY p2.id) q)
                    ORDER BY c.id, pp.product_id""", "categoryId", "category", "productId", "product", "profit");
        }
    },

    /** C4: profit per category. */
    C4 {
        @Override
        public Bound bind(QueryArgs args) {
            return Bound.nativeSql("""
                    SELECT c.id, c.name, sum(it.quantity * (it.price - p.cost)) AS profit
                    FROM category c JOIN product p ON p.category_id = c.id JOIN item it ON it.product_id = p.id
                    GROUP BY c.id, c.name
                    ORDER BY c.id""", "categoryId", "category", "profit");
        }
    };

    /**
     * Validates the arguments (a bad one is rejected here, before any connection is taken) and
     * returns the query ready to run on either driver.
     */
    public abstract Bound bind(QueryArgs args);

    /** A query with validated arguments: its JPA form and its SQL form. */
    public record Bound(Function<EntityManager, Table> jpa, StoreSql sql) {

        /** A query both paths run as the same SQL, without arguments. */
        static Bound nativeSql(String text, String... columns) {
            StoreSql sql = StoreSql.of(text, List.of(columns));
            return new Bound(em -> Table.of(em.createNativeQuery(text).getResultList(), sql.columns()), sql);
        }

        public Table run(EntityManager em) {
            return jpa.apply(em);
        }
    }

    /** The path name of the query (s1 .. c4). */
    public String path() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<StoreQuery> byPath(String path) {
        return Arrays.stream(values()).filter(q -> q.path().equals(path)).findFirst();
    }

    public static List<String> paths() {
        return Arrays.stream(values()).map(StoreQuery::path).toList();
    }
}
