package dev.trainyard.tool.seed;

import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Creates the schema and loads both data sets, once. Each data set loads in one transaction that
 * also records it in seed_info, so a crash leaves nothing half-seeded, and a second run on a
 * seeded database only checks seed_info and returns. A different store size replaces the store.
 */
public final class Seeder {

    /** Fixed, so that every machine seeds the same rows. */
    public static final long SEED = 20_240_301L;
    /** Serialises seeders that start at once against the same database (say, two test JVMs). */
    private static final long LOCK = 0x7472_6169_6e79L;

    private final DbSettings db;
    private final PrintStream log;

    public Seeder(DbSettings db, PrintStream log) {
        this.db = db;
        this.log = log;
    }

    /** Seeds a database named by trainyard.db.* / TRAINYARD_DB_*; argument: tiny|default|large. */
    public static void main(String[] args) throws Exception {
        DbSettings db = DbSettings.configured().orElseThrow(() -> new IllegalArgumentException(
                "name the database with -Dtrainyard.db.url=jdbc:postgresql://host:port/db (and .user, .password)"));
        new Seeder(db, System.out).seed(args.length > 0 ? StoreSize.parse(args[0]) : StoreSize.DEFAULT);
    }

    public void seed(StoreSize size) throws SQLException, IOException {
        try (Connection c = db.connect()) {
            createSchema(c);
            seedEntries(c);
            seedStore(c, size);
        }
    }

    private void createSchema(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : Schema.statements()) {
                s.execute(sql);
            }
        }
    }

    private void seedEntries(Connection c) throws SQLException, IOException {
        String size = Integer.toString(EntryGenerator.ROWS);
        inTransaction(c, "trentry", size, () -> {
            long start = System.nanoTime();
            try (Statement s = c.createStatement()) {
                s.execute("TRUNCATE trentry");
            }
            long rows;
            try (CopyWriter copy = new CopyWriter(c, "trentry", "id, name, descr, views")) {
                new EntryGenerator(SEED).generate(EntryGenerator.ROWS, copy);
                rows = copy.rows();
            }
            log.printf("seeded trentry: %,d rows in %d ms%n", rows, millisSince(start));
            return rows;
        });
    }

    private void seedStore(Connection c, StoreSize size) throws SQLException, IOException {
        inTransaction(c, "store", size.name(), () -> {
            long start = System.nanoTime();
            try (Statement s = c.createStatement()) {
                s.execute("TRUNCATE item, invoice, characteristic, product, category, customer_employee_supplier");
            }
            StoreGenerator generator = new StoreGenerator(size, SEED);
            long rows = 0;
            try (CopyWriter copy = new CopyWriter(c, "customer_employee_supplier", "id, type_ces, name, email, city")) {
                generator.parties(copy);
                rows += copy.rows();
            }
            try (CopyWriter copy = new CopyWriter(c, "category", "id, name")) {
                generator.categories(copy);
                rows += copy.rows();
            }
            try (CopyWriter copy = new CopyWriter(c, "product",
                    "id, category_id, supplier_id, name, description, price, cost")) {
                generator.products(copy);
                rows += copy.rows();
            }
            try (CopyWriter copy = new CopyWriter(c, "characteristic", "id, product_id, feature, feature_value")) {
                generator.characteristics(copy);
                rows += copy.rows();
            }
            StoreGenerator.Sales sales = generator.sales();
            try (CopyWriter copy = new CopyWriter(c, "invoice", "id, invoice_date, customer_id, employee_id, total")) {
                sales.invoices(copy);
                rows += copy.rows();
            }
            try (CopyWriter copy = new CopyWriter(c, "item", "id, invoice_id, product_id, quantity, price")) {
                sales.items(copy);
                rows += copy.rows();
            }
            log.printf("seeded store (%s): %,d products, %,d invoices, %,d items, %,d rows in all, in %d ms%n",
                    size.name().toLowerCase(), size.products(), size.invoices(), sales.itemCount(), rows, millisSince(start));
            return rows;
        });
    }

    @FunctionalInterface
    private interface Load {
        long run() throws SQLException, IOException;
    }

    /** Runs the load unless seed_info says this data set is there at this size; records it after. */
    private void inTransaction(Connection c, String dataset, String size, Load load) throws SQLException, IOException {
        c.setAutoCommit(false);
        try {
            try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
                lock.setLong(1, LOCK);
                lock.execute();
            }
            String seeded = seededSize(c, dataset);
            if (size.equals(seeded)) {
                log.printf("%s already seeded (%s); skipping%n", dataset, size.toLowerCase());
                c.rollback();
                return;
            }
            long rows = load.run();
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO seed_info (dataset, size, seed, row_count) VALUES (?, ?, ?, ?)"
                            + " ON CONFLICT (dataset) DO UPDATE SET size = excluded.size, seed = excluded.seed,"
                            + " row_count = excluded.row_count, seeded_at = now()")) {
                ps.setString(1, dataset);
                ps.setString(2, size);
                ps.setLong(3, SEED);
                ps.setLong(4, rows);
                ps.executeUpdate();
            }
            c.commit();
        } catch (SQLException | IOException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
        try (Statement s = c.createStatement()) {
            // Fresh statistics, or the first queries plan against empty tables.
            s.execute("ANALYZE trentry, customer_employee_supplier, category, product, characteristic, invoice, item");
        }
    }

    private static String seededSize(Connection c, String dataset) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT size FROM seed_info WHERE dataset = ?")) {
            ps.setString(1, dataset);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
