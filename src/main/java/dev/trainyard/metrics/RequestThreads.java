package dev.trainyard.metrics;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Request threads the container has lent to Trainyard right now, by kind. The JVM's thread bean
 * counts platform threads only, so on a virtual-thread variant this is the one place where the
 * number of virtual threads serving requests shows. A thread counts from the container's
 * dispatch until the servlet returns it: an async request stops counting while it waits, which
 * is the difference between the styles that this gauge makes visible.
 */
public final class RequestThreads implements MetricSource {

    private final AtomicInteger platform = new AtomicInteger();
    private final AtomicInteger virtual = new AtomicInteger();
    private final AtomicInteger platformPeak = new AtomicInteger();
    private final AtomicInteger virtualPeak = new AtomicInteger();

    /** Called as the container's thread enters; returns the counter to give back. */
    public AtomicInteger enter(boolean isVirtual) {
        AtomicInteger busy = isVirtual ? virtual : platform;
        int now = busy.incrementAndGet();
        (isVirtual ? virtualPeak : platformPeak).accumulateAndGet(now, Math::max);
        return busy;
    }

    /** Container threads inside the WAR now, of both kinds: requests still being served on them. */
    public int busy() {
        return platform.get() + virtual.get();
    }

    @Override
    public void writeTo(PrometheusText out) {
        out.family("trainyard_request_threads_busy", "gauge", "Container threads inside Trainyard's servlets now, by thread kind")
                .sample("trainyard_request_threads_busy", platform.get(), "thread", "platform")
                .sample("trainyard_request_threads_busy", virtual.get(), "thread", "virtual");
        out.family("trainyard_request_threads_busy_peak", "gauge", "Most container threads inside Trainyard's servlets at once since start, by thread kind")
                .sample("trainyard_request_threads_busy_peak", platformPeak.get(), "thread", "platform")
                .sample("trainyard_request_threads_busy_peak", virtualPeak.get(), "thread", "virtual");
    }
}
