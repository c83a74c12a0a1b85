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

/**
 * The paper's four simple and four complex queries over the electronics store (experiment E1 store).
 * Simple ones are JPQL named queries on the entities; the complex ones (subqueries in FROM,
 * correlated subqueries, date parts) are named native queries in META-INF/trainyard-orm.xml.
 * Each states the arguments it needs through {@link QueryArgs}, which validates them.
 */
public enum StoreQuery {

    /** S1: customers (or employees, or suppliers) filtered by type_ces. */
    S1 {
        @Override
        public Bound bind(QueryArgs args) {
            String type = args.choiceArg("type", List.of("C", "E", "S"));
            return em -> Table.of(em.createNamedQuery(Party.BY_TYPE).setParameter("type", type).getResultList(),
                    "id", "type", "name", "email", "city");
        }
    },

    /** S2: all characteristics of one product. */
    S2 {
        @Override
        public Bound bind(QueryArgs args) {
            int productId = args.intArg("productId", 1, Integer.MAX_VALUE);
            return em -> characteristics(em, productId);
        }

        private Table characteristics(EntityManager em, int productId) {
            Number found = (Number) em.createNamedQuery(Product.COUNT_BY_ID).setParameter("id", productId).getSingleResult();
            if (found.intValue() == 0) {
                throw new NotFoundException("no product with id " + productId);
            }
            return Table.of(em.createNamedQuery(Characteristic.OF_PRODUCT).setParameter("productId", productId)
                    .getResultList(), "id", "feature", "value");
        }
    },

    /** S3: the invoice with the greatest value, summed from its items. */
    S3 {
        @Override
        public Bound bind(QueryArgs args) {
            return em -> Table.of(em.createNamedQuery("Store.s3").getResultList(),
                    "invoiceId", "invoiceDate", "customerId", "total");
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
            return em -> Table.of(em.createNamedQuery(Item.SOLD_BETWEEN).setParameter("from", from).setParameter("to", to)
                    .getResultList(), "itemId", "invoiceId", "invoiceDate", "productId", "quantity", "price");
        }
    },

    /** C1: sales and costs per month and year, two aggregates joined on (year, month). */
    C1 {
        @Override
        public Bound bind(QueryArgs args) {
            return em -> Table.of(em.createNamedQuery("Store.c1").getResultList(), "year", "month", "sales", "costs");
        }
    },

    /** C2: profit per month (sales minus costs). */
    C2 {
        @Override
        public Bound bind(QueryArgs args) {
            return em -> Table.of(em.createNamedQuery("Store.c2").getResultList(), "year", "month", "profit");
        }
    },

    /** C3: the product with the greatest profit in each category (correlated subquery). */
    C3 {
        @Override
        public Bound bind(QueryArgs args) {
            return em -> Table.of(em.createNamedQuery("Store.c3").getResultList(),
                    "categoryId", "category", "productId", "product", "profit");
        }
    },

    /** C4: profit per category. */
    C4 {
        @Override
        public Bound bind(QueryArgs args) {
            return em -> Table.of(em.createNamedQuery("Store.c4").getResultList(), "categoryId", "category", "profit");
        }
    };

    /**
     * Validates the arguments (a bad one is rejected here, before any connection is taken) and
     * returns the query ready to run.
     */
    public abstract Bound bind(QueryArgs args);

    /** A query with validated arguments. */
    @FunctionalInterface
    public interface Bound {
        Table run(EntityManager em);
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
