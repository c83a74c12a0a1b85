package dev.trainyard.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

class PoolWaitsTest {

    /** A pool whose every borrow waits until the test opens it. */
    private static DataSource gated(CountDownLatch open) {
        Connection connection = (Connection) Proxy.newProxyInstance(PoolWaitsTest.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (p, m, a) -> null);
        return (DataSource) Proxy.newProxyInstance(PoolWaitsTest.class.getClassLoader(), new Class<?>[] {DataSource.class}, (p, m, a) -> {
            if (m.getName().equals("getConnection")) {
                open.await();
                return connection;
            }
            throw new UnsupportedOperationException(m.getName());
        });
    }

    @Test
    void aBorrowBeyondTheBoundIsRefusedAtOnceAndTheWaitingOnesGetTheirConnections() throws Exception {
        PoolWaits waits = new PoolWaits();
        waits.bound(2);
        CountDownLatch open = new CountDownLatch(1);
        DataSource pool = gated(open);
        ExecutorService borrowers = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Connection> first = CompletableFuture.supplyAsync(() -> borrow(waits, pool), borrowers);
            CompletableFuture<Connection> second = CompletableFuture.supplyAsync(() -> borrow(waits, pool), borrowers);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (waits.waiting() < 2) {
                assertTrue(System.nanoTime() < deadline, "the two borrowers never waited");
                LockSupport.parkNanos(1_000_000);
            }
            DataUnavailableException refused = assertThrows(DataUnavailableException.class, () -> waits.borrow(pool));
            assertTrue(refused.getMessage().contains("2 requests already wait"), refused.getMessage());
            assertEquals(1, waits.refused());
            assertEquals(2, waits.waiting(), "the refused borrow left the count as it was");
            open.countDown();
            assertNotNull(first.get(10, TimeUnit.SECONDS));
            assertNotNull(second.get(10, TimeUnit.SECONDS));
            assertEquals(0, waits.waiting());
            assertEquals(2, waits.borrowed());
            assertNotNull(waits.borrow(pool), "room again once the waiters were served");
            assertEquals(1, waits.refused());
        } finally {
            open.countDown();
            borrowers.shutdownNow();
        }
    }

    @Test
    void withoutABoundNothingIsRefusedAndABoundBelowOneIsRejected() throws Exception {
        PoolWaits waits = new PoolWaits();
        assertEquals(Integer.MAX_VALUE, waits.maxWaiting());
        CountDownLatch open = new CountDownLatch(0);
        assertNotNull(waits.borrow(gated(open)));
        assertThrows(IllegalArgumentException.class, () -> waits.bound(0));
    }

    private static Connection borrow(PoolWaits waits, DataSource pool) {
        try {
            return waits.borrow(pool);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
