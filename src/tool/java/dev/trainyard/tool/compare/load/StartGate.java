package dev.trainyard.tool.compare.load;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.ThreadListener;

/**
 * Holds each of a cell's JMeter threads before its first request until all of them have started.
 * JMeter creates a thread group's threads one by one on one thread; the ones already sending
 * compete with it for the client's core, so at hundreds of users the last threads started
 * seconds late, the cell never held its users at once, and every thread ran its own full
 * duration from its own late start. Held here, the threads are all created on an idle core,
 * start together and end together. One gate serves one run: JMeter shares it among its threads
 * (NoThreadClone) instead of cloning it per thread.
 */
final class StartGate extends AbstractTestElement implements ThreadListener, NoThreadClone {

    private static final long serialVersionUID = 1L;

    /** A thread that never arrives (a failed start) holds the others no longer than this. */
    static final long BOUND_MS = 10_000;

    private final transient CountDownLatch arrivals;

    /** A gate that opens once {@code threads} threads have arrived. */
    StartGate(int threads) {
        this.arrivals = new CountDownLatch(threads);
        setName("trainyard start gate");
    }

    /** JMeter's element contract; a gate made this way holds no one. */
    public StartGate() {
        this(0);
    }

    @Override
    public void threadStarted() {
        arrivals.countDown();
        try {
            arrivals.await(BOUND_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            // JMeter stopping the run: let the thread go to its end.
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void threadFinished() {
    }
}
