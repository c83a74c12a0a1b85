package dev.trainyard.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EntryQueriesTest {

    private static EntryQueries entries;

    @BeforeAll
    static void knownData() throws Exception {
        entries = new EntryQueries(new Database(KnownStore.create()));
    }

    @Test
    void addViewReturnsTheRowAfterItsIncrement() {
        Entry second = entries.addView(2).orElseThrow();
        assertEquals("second", second.name(), "char(25) padding is stripped");
        assertEquals("the second entry", second.descr());
        int views = second.views();
        assertTrue(views >= 42);
        assertEquals(views + 1, entries.addView(2).orElseThrow().views());
    }

    @Test
    void unknownIdIsEmptyNotAnError() {
        assertEquals(Optional.empty(), entries.addView(3));
    }

    @Test
    void maxIdIsTheHighestRow() {
        assertEquals(2, entries.maxId());
    }

    @Test
    void aDatabaseThatIsDownIsDataUnavailable() {
        EntryQueries offline = new EntryQueries(new Database(Unreachable.dataSource()));
        DataUnavailableException e = assertThrows(DataUnavailableException.class, () -> offline.addView(1));
        assertEquals("database unavailable", e.getMessage());
    }
}
