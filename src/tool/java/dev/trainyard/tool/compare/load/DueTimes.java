package dev.trainyard.tool.compare.load;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * An open cell's samples timed from when each request was due, not from when the client sent it:
 * the correction for coordinated omission where the client itself falls behind its schedule (a
 * stalled JMeter thread start, a busy core). JMeter's open model records when each request
 * actually started; its arrivals are evenly spaced (open.jmx: {@code even_arrivals}), so the
 * i-th request to start was due {@code i / rate} after the schedule's start. That start is not
 * recorded either: it is taken as the latest one no request started before, so the request that
 * kept closest to the schedule was on time and every other one is as late as it was behind it.
 */
final class DueTimes {

    private DueTimes() {
    }

    /** Each sample starting at its due time and lasting until its answer; in order of start. */
    static List<Sample> retime(List<Sample> samples, int perSecond) {
        List<Sample> started = new ArrayList<>(samples);
        started.sort(Comparator.comparingLong(Sample::start));
        double every = 1000.0 / perSecond;
        double origin = Double.POSITIVE_INFINITY;
        for (int i = 0; i < started.size(); i++) {
            origin = Math.min(origin, started.get(i).start() - i * every);
        }
        List<Sample> due = new ArrayList<>(started.size());
        for (int i = 0; i < started.size(); i++) {
            Sample s = started.get(i);
            // Never after the actual start: floor, as the milliseconds JMeter records are.
            long at = (long) Math.floor(origin + i * every);
            due.add(new Sample(at, s.end() - at, s.label(), s.code(), s.success()));
        }
        return due;
    }
}
