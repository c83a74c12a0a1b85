package dev.trainyard.tool.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.seed.EntryGenerator;
import dev.trainyard.tool.seed.RowSink;
import dev.trainyard.tool.seed.StoreGenerator;
import dev.trainyard.tool.seed.StoreSize;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StoreGeneratorTest {

    private static List<Object[]> rows(Generator generator) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        generator.generate(rows::add);
        return rows;
    }

    @FunctionalInterface
    interface Generator {
        void generate(RowSink sink) throws IOException;
    }

    @Test
    void sameSeedSameRowsOtherSeedOtherRows() throws IOException {
        StoreGenerator a = new StoreGenerator(StoreSize.TINY, 7);
        StoreGenerator b = new StoreGenerator(StoreSize.TINY, 7);
        StoreGenerator c = new StoreGenerator(StoreSize.TINY, 8);
        assertEquals(text(rows(a::products)), text(rows(b::products)));
        assertEquals(text(rows(a.sales()::items)), text(rows(b.sales()::items)));
        assertNotEquals(text(rows(a::products)), text(rows(c::products)));
    }

    @Test
    void entriesAreDeterministicAndFitTheirColumns() throws IOException {
        List<Object[]> first = new ArrayList<>();
        new EntryGenerator(1).generate(1000, first::add);
        List<Object[]> again = new ArrayList<>();
        new EntryGenerator(1).generate(1000, again::add);
        assertEquals(text(first), text(again));
        for (Object[] row : first) {
            assertTrue(((String) row[1]).length() <= 25, "name fits char(25)");
            assertTrue(((String) row[2]).length() <= 128, "descr fits varchar(128)");
            assertEquals(0, row[3]);
        }
        assertEquals(1000, first.get(999)[0]);
    }

    @Test
    void partiesCoverTheThreeTypes() throws IOException {
        StoreGenerator generator = new StoreGenerator(StoreSize.DEFAULT, 1);
        Map<Object, Integer> byType = new HashMap<>();
        for (Object[] row : rows(generator::parties)) {
            byType.merge(row[1], 1, Integer::sum);
        }
        assertEquals(Map.of("C", 5_000, "E", 200, "S", 800), byType);
    }

    @Test
    void productsPriceAboveCostAndReferenceRealCategoriesAndSuppliers() throws IOException {
        StoreGenerator generator = new StoreGenerator(StoreSize.TINY, 3);
        List<Object[]> products = rows(generator::products);
        assertEquals(StoreSize.TINY.products(), products.size());
        Set<Object> suppliers = new HashSet<>();
        for (Object[] party : rows(generator::parties)) {
            if (party[1].equals("S")) {
                suppliers.add(party[0]);
            }
        }
        for (Object[] product : products) {
            int category = (Integer) product[1];
            assertTrue(category >= 1 && category <= StoreSize.TINY.categories());
            assertTrue(suppliers.contains(product[2]), "supplier " + product[2] + " is a supplier");
            assertTrue(((BigDecimal) product[5]).compareTo((BigDecimal) product[6]) > 0, "price above cost");
            assertTrue(((String) product[4]).length() <= 200);
        }
    }

    @Test
    void everyProductHasThreeToSevenDistinctCharacteristics() throws IOException {
        StoreGenerator generator = new StoreGenerator(StoreSize.TINY, 3);
        Map<Object, Set<Object>> features = new HashMap<>();
        for (Object[] row : rows(generator::characteristics)) {
            assertTrue(features.computeIfAbsent(row[1], p -> new HashSet<>()).add(row[2]), "feature repeated");
        }
        assertEquals(StoreSize.TINY.products(), features.size());
        features.values().forEach(f -> assertTrue(f.size() >= 3 && f.size() <= 7));
    }

    @Test
    void invoiceTotalsSumTheirItemsAndDatesSpanSeveralYears() throws IOException {
        StoreGenerator generator = new StoreGenerator(StoreSize.TINY, 5);
        StoreGenerator.Sales sales = generator.sales();
        Map<Object, BigDecimal> sums = new HashMap<>();
        for (Object[] item : rows(sales::items)) {
            BigDecimal line = ((BigDecimal) item[4]).multiply(BigDecimal.valueOf((Integer) item[3]));
            sums.merge(item[1], line, BigDecimal::add);
            int product = (Integer) item[2];
            assertTrue(product >= 1 && product <= StoreSize.TINY.products());
        }
        Set<Integer> years = new HashSet<>();
        List<Object[]> invoices = rows(sales::invoices);
        assertEquals(StoreSize.TINY.invoices(), invoices.size());
        for (Object[] invoice : invoices) {
            assertEquals(0, sums.get(invoice[0]).compareTo((BigDecimal) invoice[4]), "total of invoice " + invoice[0]);
            LocalDate date = (LocalDate) invoice[1];
            assertTrue(!date.isBefore(StoreGenerator.FIRST_DAY) && !date.isAfter(StoreGenerator.LAST_DAY));
            years.add(date.getYear());
        }
        assertTrue(years.size() >= 5, "years covered: " + years);
    }

    @Test
    void largeSizeReachesThePapersProductCount() {
        assertEquals(613_202, StoreSize.LARGE.products());
    }

    private static List<String> text(List<Object[]> rows) {
        return rows.stream().map(java.util.Arrays::toString).toList();
    }
}
