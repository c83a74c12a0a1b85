package dev.trainyard.tool.seed;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.SplittableRandom;

/**
 * The paper's electronics store (experiment E1 store), generated from a fixed seed: the same seed and
 * size give the same rows, byte for byte. Each table draws from its own random stream, so adding a
 * column to one table does not change the others.
 *
 * <p>Parties are numbered customers first, then employees, then suppliers. Invoices fall between
 * {@link #FIRST_DAY} and {@link #LAST_DAY}; each has 1 to 6 items whose price is the product's
 * price less a discount of up to 15%, and its total is the sum of its items.
 */
public final class StoreGenerator {

    public static final LocalDate FIRST_DAY = LocalDate.of(2019, 1, 1);
    public static final LocalDate LAST_DAY = LocalDate.of(2024, 12, 31);
    static final int MIN_FEATURES = 3;
    static final int MAX_FEATURES = 7;
    static final int MAX_ITEMS = 6;

    private final StoreSize size;
    private final long seed;
    /** Product prices and costs in cents, needed again when the items are priced. */
    private final long[] priceCents;
    private final long[] costCents;

    public StoreGenerator(StoreSize size, long seed) {
        this.size = size;
        this.seed = seed;
        this.priceCents = new long[size.products + 1];
        this.costCents = new long[size.products + 1];
        SplittableRandom random = stream(3);
        for (int id = 1; id <= size.products; id++) {
            long cost = 500 + random.nextLong(200_000);
            costCents[id] = cost;
            priceCents[id] = cost + cost * (10 + random.nextInt(51)) / 100;
        }
    }

    public StoreSize size() {
        return size;
    }

    /** Columns: id, type_ces, name, email, city. */
    public void parties(RowSink sink) throws IOException {
        SplittableRandom random = stream(1);
        for (int id = 1; id <= size.parties(); id++) {
            String type = id <= size.customers ? "C" : id <= size.customers + size.employees ? "E" : "S";
            String first = Words.pick(random, Words.FIRST_NAMES);
            String last = Words.pick(random, Words.LAST_NAMES);
            String name = type.equals("S") ? last + " " + Words.pick(random, Words.BRANDS) + " Supply" : first + " " + last;
            String email = (first + "." + last + id + "@example.com").toLowerCase();
            sink.row(id, type, name, email, Words.pick(random, Words.CITIES));
        }
    }

    /** Columns: id, name. */
    public void categories(RowSink sink) throws IOException {
        for (int id = 1; id <= size.categories; id++) {
            sink.row(id, Words.CATEGORIES.get(id - 1));
        }
    }

    /** Columns: id, category_id, supplier_id, name, description, price, cost. */
    public void products(RowSink sink) throws IOException {
        SplittableRandom random = stream(2);
        int firstSupplier = size.customers + size.employees + 1;
        for (int id = 1; id <= size.products; id++) {
            int category = 1 + random.nextInt(size.categories);
            int supplier = firstSupplier + random.nextInt(size.suppliers);
            String name = Words.pick(random, Words.BRANDS) + " " + Words.CATEGORIES.get(category - 1) + " "
                    + (char) ('A' + random.nextInt(26)) + "-" + (100 + random.nextInt(9900));
            String description = Words.sentence(random, 70, 100);
            sink.row(id, category, supplier, name, description, money(priceCents[id]), money(costCents[id]));
        }
    }

    /** Columns: id, product_id, feature, feature_value. Each product has 3 to 7 distinct features. */
    public void characteristics(RowSink sink) throws IOException {
        SplittableRandom random = stream(4);
        int id = 0;
        int featureCount = Words.FEATURES.size();
        for (int product = 1; product <= size.products; product++) {
            int features = MIN_FEATURES + random.nextInt(MAX_FEATURES - MIN_FEATURES + 1);
            int start = random.nextInt(featureCount);
            for (int f = 0; f < features; f++) {
                sink.row(++id, product, Words.FEATURES.get((start + f) % featureCount), Words.pick(random, Words.VALUES));
            }
        }
    }

    /** Invoices and their items, which must be drawn together: an invoice's total sums its items. */
    public Sales sales() {
        SplittableRandom random = stream(5);
        int days = (int) (LAST_DAY.toEpochDay() - FIRST_DAY.toEpochDay()) + 1;
        Sales sales = new Sales(size.invoices, size.invoices * MAX_ITEMS);
        for (int invoice = 1; invoice <= size.invoices; invoice++) {
            int day = (int) FIRST_DAY.toEpochDay() + random.nextInt(days);
            int customer = 1 + random.nextInt(size.customers);
            int employee = size.customers + 1 + random.nextInt(size.employees);
            long total = 0;
            int items = 1 + random.nextInt(MAX_ITEMS);
            for (int i = 0; i < items; i++) {
                int product = 1 + random.nextInt(size.products);
                int quantity = 1 + random.nextInt(5);
                long price = priceCents[product] * (85 + random.nextInt(16)) / 100;
                sales.addItem(invoice, product, quantity, price);
                total += quantity * price;
            }
            sales.setInvoice(invoice, day, customer, employee, total);
        }
        return sales;
    }

    private SplittableRandom stream(int table) {
        return new SplittableRandom(seed * 31 + table);
    }

    static BigDecimal money(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    /** Invoices and items held as columns of primitives (a few MB even for large sizes). */
    public static final class Sales {
        private final int[] day;
        private final int[] customer;
        private final int[] employee;
        private final long[] total;
        private final int[] itemInvoice;
        private final int[] itemProduct;
        private final int[] itemQuantity;
        private final long[] itemPrice;
        private int items;

        Sales(int invoices, int maxItems) {
            day = new int[invoices + 1];
            customer = new int[invoices + 1];
            employee = new int[invoices + 1];
            total = new long[invoices + 1];
            itemInvoice = new int[maxItems];
            itemProduct = new int[maxItems];
            itemQuantity = new int[maxItems];
            itemPrice = new long[maxItems];
        }

        void setInvoice(int id, int epochDay, int customerId, int employeeId, long totalCents) {
            day[id] = epochDay;
            customer[id] = customerId;
            employee[id] = employeeId;
            total[id] = totalCents;
        }

        void addItem(int invoice, int product, int quantity, long priceCents) {
            itemInvoice[items] = invoice;
            itemProduct[items] = product;
            itemQuantity[items] = quantity;
            itemPrice[items] = priceCents;
            items++;
        }

        public int itemCount() {
            return items;
        }

        /** Columns: id, invoice_date, customer_id, employee_id, total. */
        public void invoices(RowSink sink) throws IOException {
            for (int id = 1; id < day.length; id++) {
                sink.row(id, LocalDate.ofEpochDay(day[id]), customer[id], employee[id], money(total[id]));
            }
        }

        /** Columns: id, invoice_id, product_id, quantity, price. */
        public void items(RowSink sink) throws IOException {
            for (int i = 0; i < items; i++) {
                sink.row(i + 1, itemInvoice[i], itemProduct[i], itemQuantity[i], money(itemPrice[i]));
            }
        }
    }
}
