package dev.trainyard.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trainyard.data.store.StoreQueries;
import dev.trainyard.data.store.StoreQuery;
import dev.trainyard.data.store.Table;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The eight store queries through JPA (EclipseLink) on {@link KnownStore}'s worked-out data. */
class StoreQueriesTest {

    private static StoreQueries store;

    @BeforeAll
    static void knownData() throws Exception {
        store = new StoreQueries(new Database(KnownStore.create()));
    }

    private static Table run(StoreQuery query, String... args) {
        return store.run(query, MapArgs.of(args));
    }

    /** Rows as text with numbers normalised (100.00 and 100 compare equal). */
    private static List<String> rows(Table table) {
        return table.rows().stream().map(row -> {
            StringBuilder text = new StringBuilder();
            for (Object value : row) {
                text.append(value instanceof BigDecimal d ? d.stripTrailingZeros().toPlainString() : String.valueOf(value).strip());
                text.append('|');
            }
            return text.toString();
        }).toList();
    }

    @Test
    void s1FiltersByTypeCes() {
        assertEquals(List.of("1|C|Ana Silva|ana@example.com|Lisbon|", "2|C|Bruno Costa|bruno@example.com|Porto|"),
                rows(run(StoreQuery.S1, "type", "C")));
        assertEquals(1, run(StoreQuery.S1, "type", "S").rows().size());
    }

    @Test
    void s2ListsCharacteristicsAndKnowsMissingProducts() {
        assertEquals(List.of("100|colour|black|", "101|weight|1 kg|"), rows(run(StoreQuery.S2, "productId", "10")));
        assertEquals(List.of(), rows(run(StoreQuery.S2, "productId", "11")), "a product with no characteristics");
        assertThrows(NotFoundException.class, () -> run(StoreQuery.S2, "productId", "99"));
    }

    @Test
    void s3IsTheInvoiceWorth235() {
        assertEquals(List.of("3|2021-02-03|1|235|"), rows(run(StoreQuery.S3)));
    }

    @Test
    void s4IsTheItemsOfJanuary() {
        Table january = run(StoreQuery.S4, "from", "2021-01-01", "to", "2021-01-31");
        assertEquals(List.of("1|1|2021-01-15|10|2|100|", "2|1|2021-01-15|20|1|30|", "3|2|2021-01-20|11|4|50|"), rows(january));
    }

    @Test
    void c1SalesAndCostsPerMonth() {
        assertEquals(List.of("2021|1|430|310|", "2021|2|235|110|"), rows(run(StoreQuery.C1)));
    }

    @Test
    void c2ProfitPerMonth() {
        assertEquals(List.of("2021|1|120|", "2021|2|125|"), rows(run(StoreQuery.C2)));
    }

    @Test
    void c3BestProductPerCategory() {
        assertEquals(List.of("1|Laptops|10|Nexa Laptop|115|", "2|Phones|20|Nexa Phone|110|"), rows(run(StoreQuery.C3)));
    }

    @Test
    void c4ProfitPerCategory() {
        assertEquals(List.of("1|Laptops|135|", "2|Phones|110|"), rows(run(StoreQuery.C4)));
    }

    @Test
    void argumentsAreValidatedBeforeTheDatabaseIsTouched() {
        StoreQueries offline = new StoreQueries(new Database(Unreachable.dataSource()));
        assertThrows(IllegalArgumentException.class,
                () -> offline.run(StoreQuery.S4, MapArgs.of("from", "2021-05-01", "to", "2021-04-01")));
        assertThrows(IllegalArgumentException.class,
                () -> offline.run(StoreQuery.S4, MapArgs.of("from", "2019-01-01", "to", "2021-01-01")));
        assertThrows(DataUnavailableException.class, () -> offline.run(StoreQuery.C4, MapArgs.of()));
    }

    @Test
    void columnsAreNamedForJson() {
        assertArrayEquals(new String[] {"year", "month", "sales", "costs"}, run(StoreQuery.C1).columns().toArray());
    }
}
