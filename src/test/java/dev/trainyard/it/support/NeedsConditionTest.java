package dev.trainyard.it.support;

import static dev.trainyard.it.support.Needs.Need.DATABASE;
import static dev.trainyard.it.support.Needs.Need.DESTRUCTIVE;
import static dev.trainyard.it.support.Needs.Need.SERVER_LOG;
import static dev.trainyard.it.support.Needs.Need.SERVER_PROCESS;
import static dev.trainyard.it.support.Needs.Need.SUITE_SETTINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NeedsConditionTest {

    @Test
    void aTestWhoseNeedsAreMetRuns() {
        assertEquals(List.of(), NeedsCondition.missing(EnumSet.allOf(Needs.Need.class), true, true, true, true, Map.of()));
        assertEquals(List.of(), NeedsCondition.missing(EnumSet.noneOf(Needs.Need.class), false, false, false, false, Map.of("x", "y")));
    }

    @Test
    void everyUnmetNeedIsNamedWithWhatWouldMeetIt() {
        List<String> missing = NeedsCondition.missing(EnumSet.of(DESTRUCTIVE, DATABASE, SERVER_LOG, SERVER_PROCESS, SUITE_SETTINGS), false, false,
                false, false, Map.of("trainyard.async.timeoutMillis", "the deployment runs 30000, the suite's settings 2000"));
        assertEquals(5, missing.size(), missing.toString());
        assertTrue(missing.get(0).contains("-Dit.destructive=true"), missing.get(0));
        assertTrue(missing.get(1).contains("-Dtrainyard.db.url"), missing.get(1));
        assertTrue(missing.get(2).contains("-Dit.log=FILE"), missing.get(2));
        assertTrue(missing.get(3).contains("only on the servers the suite starts"), missing.get(3));
        assertTrue(missing.get(4).contains("trainyard.async.timeoutMillis"), missing.get(4));
    }

    @Test
    void onlyTheUnmetOnesAreNamed() {
        assertEquals(1, NeedsCondition.missing(EnumSet.of(DESTRUCTIVE, DATABASE), true, false, false, false, Map.of()).size());
    }
}
