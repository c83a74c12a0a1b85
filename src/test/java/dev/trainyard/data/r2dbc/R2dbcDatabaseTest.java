package dev.trainyard.data.r2dbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.testdb.TestDatabase;
import dev.trainyard.tool.db.DbSettings;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ValidationDepth;
import io.r2dbc.spi.Wrapped;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The WAR's R2DBC pool against the test database: what a restarted database leaves in it. */
class R2dbcDatabaseTest {

    private static final Duration BOUND = Duration.ofSeconds(30);

    @Test
    void connectionsThatDiedWhileIdleAreReplacedNotAnswered() throws Exception {
        DbSettings db = TestDatabase.settings();
        int size = 3;
        R2dbcConfig config = R2dbcConfig.forJdbcUrl(db.url(), db.user(), size, 0, 5000, 10, 5000, 10, 5, 1);
        try (R2dbcDatabase r2dbc = new R2dbcDatabase(config)) {
            // Every connection of the pool used at once, then back in it, idle.
            List<Connection> used = Flux.range(0, size).flatMap(i -> r2dbc.connection()).collectList().block(BOUND);
            List<Integer> backends = new ArrayList<>();
            for (Connection connection : used) {
                backends.add(Mono.from(connection.createStatement("SELECT pg_backend_pid()").execute())
                        .flatMap(result -> Mono.from(result.map((row, meta) -> row.get(0, Integer.class)))).block(BOUND));
            }
            for (Connection connection : used) {
                Mono.from(connection.close()).block(BOUND);
            }
            assertEquals(size, r2dbc.metrics().orElseThrow().idleSize(), "the pool holds them all, idle");
            // The database ends them, as a restart does; the pool learns it only when it hands one out.
            try (java.sql.Connection admin = db.connect();
                 PreparedStatement terminate = admin.prepareStatement("SELECT pg_terminate_backend(?)")) {
                for (int pid : backends) {
                    terminate.setInt(1, pid);
                    try (ResultSet rs = terminate.executeQuery()) {
                        assertTrue(rs.next() && rs.getBoolean(1), "backend " + pid + " terminated");
                    }
                }
            }
            long deadline = System.nanoTime() + BOUND.toNanos();
            for (Connection connection : used) {
                Connection driver = ((Wrapped<?>) connection).unwrap() instanceof Connection c ? c : connection;
                while (Boolean.TRUE.equals(Mono.from(driver.validate(ValidationDepth.LOCAL)).block(BOUND))) {
                    assertTrue(System.nanoTime() < deadline, "the driver never saw its connection closed");
                    TimeUnit.MILLISECONDS.sleep(10);
                }
            }
            // Each request after that is served on a new connection: none answers for a dead one.
            for (int i = 0; i < size + 1; i++) {
                int one = Mono.usingWhen(r2dbc.connection(),
                        connection -> Mono.from(connection.createStatement("SELECT 1").execute())
                                .flatMap(result -> Mono.from(result.map((row, meta) -> row.get(0, Integer.class)))),
                        Connection::close).block(BOUND);
                assertEquals(1, one);
            }
            assertFalse(r2dbc.metrics().orElseThrow().acquiredSize() > 0, "every connection given back");
        }
    }

    @Test
    void onlyThePoolsCheckOfAnIdleConnectionCountsAsDiedWhileIdle() {
        assertTrue(R2dbcDatabase.diedWhileIdle(new io.r2dbc.spi.R2dbcNonTransientResourceException("Connection validation failed")));
        assertFalse(R2dbcDatabase.diedWhileIdle(new io.r2dbc.spi.R2dbcNonTransientResourceException("Connection refused")));
        assertFalse(R2dbcDatabase.diedWhileIdle(new IllegalStateException("Connection validation failed")));
    }
}
