package dev.trainyard.data.r2dbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class R2dbcConfigTest {

    private static R2dbcConfig of(String url) {
        return R2dbcConfig.forJdbcUrl(url, "trainyard", 20, 2, 5000, 200, 30000, 40, 5, 2);
    }

    @Test
    void readsHostPortAndDatabaseOfTheJdbcPoolsUrl() {
        R2dbcConfig config = of("jdbc:postgresql://db.example:15432/store?sslmode=disable&options=-cstatement_timeout%3D1000");
        assertEquals("db.example", config.host());
        assertEquals(15432, config.port());
        assertEquals("store", config.database());
        assertEquals(20, config.poolSize());
    }

    @Test
    void fallsBackOnPostgresqlsOwnDefaults() {
        R2dbcConfig config = of("jdbc:postgresql://127.0.0.1/");
        assertEquals(5432, config.port());
        assertEquals("trainyard", config.database(), "no database named: the user's, as PostgreSQL does");
    }

    @Test
    void refusesWhatItCannotReach() {
        assertThrows(IllegalArgumentException.class, () -> of("jdbc:mysql://127.0.0.1:3306/x"));
        assertThrows(IllegalArgumentException.class, () -> of("jdbc:postgresql://a:1,b:2/x"));
    }
}
