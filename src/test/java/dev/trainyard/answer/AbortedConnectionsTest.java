package dev.trainyard.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ServletConnection;
import jakarta.servlet.ServletRequest;
import java.lang.reflect.Proxy;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AbortedConnectionsTest {

    private final AtomicLong now = new AtomicLong(1_000);
    private final AbortedConnections aborted = new AbortedConnections(2_000, now::get);

    @Test
    void aRequestOnAnAbortedConnectionIsHeldAndCountedOthersAreNot() {
        aborted.remember(on("7"));

        assertTrue(aborted.holds(on("7")));
        assertTrue(aborted.holds(on("7")), "every request read from it, not only the first");
        assertFalse(aborted.holds(on("8")));
        assertEquals(2, aborted.turnedAway());
    }

    @Test
    void aConnectionIsForgottenOnceItsTimeIsUp() {
        aborted.remember(on("7"));
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(2_000));
        assertTrue(aborted.holds(on("7")), "still within its time");

        now.addAndGet(1);
        assertFalse(aborted.holds(on("7")));
        assertEquals(0, aborted.size(), "an expired one is let go of when it is asked for");
    }

    @Test
    void onceTheLastHasExpiredTheFirstRequestAskingLetsEveryOneGo() {
        aborted.remember(on("7"));
        aborted.remember(on("8"));
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(2_000) + 1);

        AtomicInteger asked = new AtomicInteger();
        assertFalse(aborted.holds(on("7", asked)), "its time is up");
        assertFalse(aborted.holds(on("9", asked)));
        assertEquals(0, asked.get(), "no request after the last abort's time is even asked its connection");
        assertEquals(0, aborted.turnedAway());
    }

    @Test
    void noMoreThanItsCapacityIsRememberedAndTheFreshestStay() {
        for (int i = 0; i < AbortedConnections.CAPACITY; i++) {
            aborted.remember(on("c" + i));
            now.incrementAndGet();
        }
        aborted.remember(on("newest"));

        assertEquals(AbortedConnections.CAPACITY, aborted.size());
        assertFalse(aborted.holds(on("c0")), "the soonest to expire made room");
        assertTrue(aborted.holds(on("c1")));
        assertTrue(aborted.holds(on("newest")));
    }

    @Test
    void expiredOnesMakeRoomBeforeFreshOnesDo() {
        for (int i = 0; i < AbortedConnections.CAPACITY; i++) {
            aborted.remember(on("c" + i));
        }
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(3_000));
        aborted.remember(on("newest"));

        assertEquals(1, aborted.size());
        assertTrue(aborted.holds(on("newest")));
    }

    @Test
    void aRequestWithoutAConnectionIdIsNeverHeld() {
        aborted.remember(on(""));
        aborted.remember(on(null));
        aborted.remember(refusing());

        assertEquals(0, aborted.size());
        aborted.remember(on("7"));
        assertFalse(aborted.holds(on("")));
        assertFalse(aborted.holds(refusing()), "a container that refuses to say is not held");
    }

    /** A request read from the connection {@code id}. */
    private static ServletRequest on(String id) {
        return on(id, new AtomicInteger());
    }

    /** The same, counting in {@code asked} how often it is asked its connection. */
    private static ServletRequest on(String id, AtomicInteger asked) {
        ServletConnection connection = (ServletConnection) Proxy.newProxyInstance(ServletConnection.class.getClassLoader(),
                new Class<?>[] {ServletConnection.class}, (proxy, method, args) -> method.getName().equals("getConnectionId") ? id : null);
        return request(() -> {
            asked.incrementAndGet();
            return connection;
        });
    }

    /** A request whose container has let go of it. */
    private static ServletRequest refusing() {
        return request(() -> {
            throw new IllegalStateException("recycled");
        });
    }

    private static ServletRequest request(java.util.function.Supplier<ServletConnection> connection) {
        return (ServletRequest) Proxy.newProxyInstance(ServletRequest.class.getClassLoader(), new Class<?>[] {ServletRequest.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getServletConnection")) {
                        return connection.get();
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
