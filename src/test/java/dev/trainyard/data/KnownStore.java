package dev.trainyard.data;

import dev.trainyard.testdb.TestDatabase;
import dev.trainyard.tool.db.DbSettings;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A hand-made store small enough to work the answers out on paper, in its own schema of the test
 * database, so query tests compare against known numbers and not against another query.
 *
 * <pre>
 * products: 10 (laptops, price 100, cost 60), 11 (laptops, 50 / 45), 20 (phones, 30 / 10)
 * invoice 1, 2021-01-15: 2 x #10 at 100 + 1 x #20 at 30  = 230
 * invoice 2, 2021-01-20: 4 x #11 at 50                  = 200
 * invoice 3, 2021-02-03: 5 x #20 at 28 + 1 x #10 at 95   = 235
 * </pre>
 */
final class KnownStore {

    static final String SCHEMA = "unit_known";

    private KnownStore() {
    }

    static PGSimpleDataSource create() throws SQLException {
        DbSettings db = TestDatabase.settings();
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(db.url());
        ds.setUser(db.user());
        ds.setPassword(db.password());
        ds.setCurrentSchema(SCHEMA);
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            s.execute("CREATE SCHEMA " + SCHEMA);
            for (String sql : dev.trainyard.tool.seed.Schema.statements()) {
                s.execute(sql);
            }
            for (String sql : Arrays.asList(
                    "INSERT INTO category VALUES (1, 'Laptops'), (2, 'Phones')",
                    "INSERT INTO customer_employee_supplier VALUES (1, 'C', 'Ana Silva', 'ana@example.com', 'Lisbon'),"
                            + " (2, 'C', 'Bruno Costa', 'bruno@example.com', 'Porto'),"
                            + " (3, 'E', 'Carla Novak', 'carla@example.com', 'Zagreb'),"
                            + " (4, 'S', 'Nexa Supply', 'sales@example.com', 'Berlin')",
                    "INSERT INTO product VALUES (10, 1, 4, 'Nexa Laptop', 'fast', 100.00, 60.00),"
                            + " (11, 1, 4, 'Nexa Netbook', 'small', 50.00, 45.00),"
                            + " (20, 2, 4, 'Nexa Phone', 'smart', 30.00, 10.00)",
                    "INSERT INTO characteristic VALUES (100, 10, 'colour', 'black'), (101, 10, 'weight', '1 kg'),"
                            + " (102, 20, 'colour', 'white')",
                    "INSERT INTO invoice VALUES (1, DATE '2021-01-15', 1, 3, 230.00), (2, DATE '2021-01-20', 2, 3, 200.00),"
                            + " (3, DATE '2021-02-03', 1, 3, 235.00)",
                    "INSERT INTO item VALUES (1, 1, 10, 2, 100.00), (2, 1, 20, 1, 30.00), (3, 2, 11, 4, 50.00),"
                            + " (4, 3, 20, 5, 28.00), (5, 3, 10, 1, 95.00)",
                    "INSERT INTO trentry VALUES (1, 'first', 'the first entry', 0), (2, 'second', 'the second entry', 41)")) {
                s.execute(sql);
            }
        }
        return ds;
    }
}
