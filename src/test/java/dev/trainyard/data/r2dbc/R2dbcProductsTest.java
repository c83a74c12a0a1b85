package dev.trainyard.data.r2dbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.data.DataUnavailableException;
import dev.trainyard.data.ProductRow;
import dev.trainyard.testdb.TestDatabase;
import dev.trainyard.tool.db.DbSettings;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * The products stream on the WAR's R2DBC pool when its database connection dies between two pages,
 * while its reader keeps asking: the stream fails, and the driver's event loop does not spin.
 */
class R2dbcProductsTest {

    private static final long BOUND_SECONDS = 30;

    @Test
    void aCursorWhoseBackendEndsMidwayFailsItsReaderAndLeavesTheDriverIdle() throws Exception {
        DbSettings db = TestDatabase.settings();
        // One event loop: a loop that spins would take every connection of the pool with it.
        R2dbcConfig config = R2dbcConfig.forJdbcUrl(db.url(), db.user(), 2, 0, 5000, 10, 30000, 10, 5, 1);
        try (R2dbcDatabase r2dbc = new R2dbcDatabase(config)) {
            R2dbcProducts products = new R2dbcProducts(r2dbc);
            // Bounded from outside: a driver that spins may spin on the thread that asks.
            assertTimeoutPreemptively(Duration.ofSeconds(180), () -> cutStreams(db, products, 30));
            assertTrue(driverCpuMillisOver(500) < 100, "the driver's event loop works with nothing to do");
            // And the pool serves the next stream whole.
            try (R2dbcProductPages pages = products.pages(10)) {
                assertEquals(10, pages.next(0, 100).get(BOUND_SECONDS, TimeUnit.SECONDS).size());
            }
            // A stream gives its connection back once its transaction has ended, after close returns.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
            while (r2dbc.metrics().orElseThrow().acquiredSize() > 0 && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(10);
            }
            assertEquals(0, r2dbc.metrics().orElseThrow().acquiredSize(), "every connection given back");
        }
    }

    private static void cutStreams(DbSettings db, R2dbcProducts products, int rounds) throws Exception {
        for (int round = 0; round < rounds; round++) {
            // The connection of the last round's cut can still be handed out once, its end not yet read
            // by the driver (a 503 in the WAR): a stream on it fails at once, and the next one is served.
            R2dbcProductPages pages = products.pages(20_000);
            List<ProductRow> first;
            try {
                first = pages.next(0, 120).get(BOUND_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException deadConnection) {
                assertTrue(deadConnection.getCause() instanceof DataUnavailableException, "round " + round + ": " + deadConnection);
                pages.close();
                pages = products.pages(20_000);
                first = pages.next(0, 120).get(BOUND_SECONDS, TimeUnit.SECONDS);
            }
            try (R2dbcProductPages cut = pages) {
                assertEquals(120, first.size(), "round " + round + ": the first page");
                assertEquals(1, terminateCursorBackends(db), "round " + round + ": the cursor's backend ended");
                // The reader goes on asking, a row at a time so that it asks while the driver learns of the
                // end; the stream must end in a failure, never in a short page that looks like its end.
                ExecutionException failed = assertThrows(ExecutionException.class, () -> {
                    for (int asked = 0; asked < 20_000; asked++) {
                        List<ProductRow> page = cut.next(0, 1).get(BOUND_SECONDS, TimeUnit.SECONDS);
                        assertEquals(1, page.size(), "a page short of what was asked, without a failure");
                    }
                }, "round " + round + ": the stream outlived its backend");
                assertTrue(failed.getCause() instanceof DataUnavailableException, "round " + round + ": " + failed);
            }
        }
    }

    /** Ends the backends running the products cursor; how many. */
    private static int terminateCursorBackends(DbSettings db) throws Exception {
        try (java.sql.Connection admin = db.connect();
             PreparedStatement terminate = admin.prepareStatement("SELECT count(*) FROM (SELECT pg_terminate_backend(pid)"
                     + " FROM pg_stat_activity WHERE application_name = 'trainyard-r2dbc' AND query LIKE 'FETCH FORWARD % FROM trainyard_products'"
                     + " AND state <> 'idle') ended");
             ResultSet rs = terminate.executeQuery()) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    /** CPU the driver's event loop threads used over {@code millis} of wall time. */
    private static long driverCpuMillisOver(long millis) throws InterruptedException, TimeoutException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] ids = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("trainyard-r2dbc"))
                .mapToLong(Thread::getId).toArray();
        assertTrue(ids.length > 0, "no driver thread found");
        long before = Arrays.stream(ids).map(threads::getThreadCpuTime).sum();
        TimeUnit.MILLISECONDS.sleep(millis);
        long after = Arrays.stream(ids).map(threads::getThreadCpuTime).sum();
        return TimeUnit.NANOSECONDS.toMillis(after - before);
    }
}
