package dev.trainyard.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EntryQueriesTest {

    private static EntryQueries entries;

    @BeforeAll
    static void knownData() throws Exception {
        entries = new EntryQueries(new Database(KnownStore.create()), 5);
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
    void batchedViewsCountEveryRequestEvenForTheSameId() throws Exception {
        int first = entries.addView(1).orElseThrow().views();
        List<Optional<Entry>> answers = entries.addViews(List.of(1, 3, 1, 1));
        assertEquals(first + 1, answers.get(0).orElseThrow().views(), "first of three requests for id 1");
        assertEquals(Optional.empty(), answers.get(1), "no row 3");
        assertEquals(first + 2, answers.get(2).orElseThrow().views());
        assertEquals(first + 3, answers.get(3).orElseThrow().views());
        assertEquals("first", answers.get(3).orElseThrow().name());
        assertEquals(first + 4, entries.addView(1).orElseThrow().views(), "three views were stored, none lost");
    }

    @Test
    void maxIdIsTheHighestRow() {
        assertEquals(2, entries.maxId());
    }

    @Test
    void aDatabaseThatIsDownIsDataUnavailable() {
        EntryQueries offline = new EntryQueries(new Database(Unreachable.dataSource()), 5);
        DataUnavailableException e = assertThrows(DataUnavailableException.class, () -> offline.addView(1));
        assertEquals("database unavailable", e.getMessage());
    }
}
