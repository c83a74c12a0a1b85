package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

public class DueTimesTest {

    /** 100 requests at 100/s from 50,000 ms, each answered in 5 ms; those from {@code from} to before {@code to} start at {@code startedAt}. */
    private static List<Sample> schedule(int from, int to, long startedAt) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            long start = i >= from && i < to ? startedAt : 50_000 + 10L * i;
            samples.add(new Sample(start, 5, "open", "200", true));
        }
        return samples;
    }

    @Test
    void aClientOnItsScheduleKeepsEveryLatency() {
        List<Sample> due = DueTimes.retime(schedule(0, 0, 0), 100);
        assertEquals(100, due.size());
        due.forEach(s -> assertEquals(5, s.elapsed()));
        assertEquals(50_000, due.get(0).start());
    }

    @Test
    void requestsSentLateAreTimedFromWhenTheyWereDue() {
        // The client stalled: requests 40-59, due at 50,400-50,590, all went out at 50,600, once it caught up.
        List<Sample> due = DueTimes.retime(schedule(40, 60, 50_600), 100);
        assertEquals(205, due.get(40).elapsed());
        assertEquals(15, due.get(59).elapsed());
        // Before and after the stall, on time.
        assertEquals(5, due.get(39).elapsed());
        assertEquals(5, due.get(60).elapsed());
        // What the client's own times showed: 5 ms for every one of them.
        CellStats sent = CellStats.of(schedule(40, 60, 50_600), 50_000, 51_100);
        CellStats scheduled = CellStats.of(due, 50_000, 51_100);
        assertEquals(5.0, sent.p99Ms());
        assertTrue(scheduled.p99Ms() >= 195, "p99 from the schedule: " + scheduled.p99Ms());
    }

    @Test
    void theSchedulesStartIsTheLatestNoRequestStartedBefore() {
        // The schedule's first three requests went out 30 ms late, together; from the fourth on, on time.
        List<Sample> samples = schedule(0, 3, 50_030);
        Collections.shuffle(samples, new java.util.Random(7));
        List<Sample> due = DueTimes.retime(samples, 100);
        assertEquals(50_000, due.get(0).start());
        assertEquals(List.of(35L, 25L, 15L, 5L), due.subList(0, 4).stream().map(Sample::elapsed).toList());
        due.subList(3, due.size()).forEach(s -> assertEquals(5, s.elapsed()));
    }

    @Test
    void aWholeScheduleRunningLateIsNotCountedAgainstTheServer() {
        // Every request 80 ms after the run began: the schedule began then, none was behind it.
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            samples.add(new Sample(50_080 + 10L * i, 5, "open", "200", true));
        }
        DueTimes.retime(samples, 100).forEach(s -> assertEquals(5, s.elapsed()));
    }
}
