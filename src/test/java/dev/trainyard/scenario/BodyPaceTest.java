package dev.trainyard.scenario;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.config.ClientPace;
import org.junit.jupiter.api.Test;

class BodyPaceTest {

    private static final long MS = 1_000_000L;
    /** A stall bound of 2 s and 1 KiB/s: 2,048 bytes a stretch. */
    private static final ClientPace PACE = new ClientPace(2_000, 1024);

    @Test
    void aBodyAtItsLeastPaceKeepsItStretchAfterStretch() {
        BodyPace pace = new BodyPace(PACE, 0);
        for (long t = 100; t <= 60_000; t += 100) {
            assertTrue(pace.arrived(103, t * MS), "at " + t + " ms");
        }
    }

    @Test
    void aTrickleFallsBehindWhenItsFirstStretchIsJudged() {
        BodyPace pace = new BodyPace(PACE, 0);
        long t = 250;
        for (; t < 2_000; t += 250) {
            assertTrue(pace.arrived(1, t * MS), "a stretch is judged only when it is over: " + t + " ms");
        }
        assertFalse(pace.arrived(1, t * MS));
    }

    @Test
    void nothingAtAllFallsBehindAtTheFirstLookAfterAStretch() {
        BodyPace pace = new BodyPace(PACE, 0);
        assertTrue(pace.keeping(1_999 * MS));
        assertFalse(pace.keeping(2_000 * MS));
    }

    @Test
    void aBurstBuysOneStretchNotAnAverage() {
        BodyPace pace = new BodyPace(PACE, 0);
        assertTrue(pace.arrived(10 * 1024 * 1024, 100 * MS));
        assertTrue(pace.keeping(2_100 * MS), "the burst's stretch is over and passed");
        assertTrue(pace.arrived(1, 3_000 * MS));
        assertFalse(pace.arrived(1, 4_200 * MS), "the next stretch brought 2 bytes");
    }

    @Test
    void behindStaysBehind() {
        BodyPace pace = new BodyPace(PACE, 0);
        assertFalse(pace.keeping(3_000 * MS));
        assertFalse(pace.arrived(1024 * 1024, 3_100 * MS));
        assertFalse(pace.keeping(10_000 * MS));
    }

    @Test
    void noLeastPaceStillAsksForAByteAStretch() {
        ClientPace none = new ClientPace(2_000, 0);
        BodyPace trickle = new BodyPace(none, 0);
        assertTrue(trickle.arrived(1, 1_900 * MS));
        assertTrue(trickle.arrived(1, 2_100 * MS));
        BodyPace silent = new BodyPace(none, 0);
        assertFalse(silent.keeping(2_000 * MS));
    }
}
