package dev.trainyard.tool.compare.load;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;

/**
 * When JMeter started a run's test: it tells its test listeners just before it starts the thread
 * groups, so a schedule (the open model's arrivals) runs from here, not from the engine's own start,
 * which comes a compile of the plan and the opening of its results earlier.
 */
final class TestStartMark extends AbstractTestElement implements TestStateListener, NoThreadClone {

    private static final long serialVersionUID = 1L;

    private final transient CountDownLatch started = new CountDownLatch(1);
    private volatile long startedNanos;

    TestStartMark() {
        setName("trainyard test start");
    }

    /** Waits up to {@code millis} for the test to start; its System.nanoTime(), or empty if it has not. */
    java.util.OptionalLong await(long millis) throws InterruptedException {
        return started.await(millis, TimeUnit.MILLISECONDS) ? java.util.OptionalLong.of(startedNanos) : java.util.OptionalLong.empty();
    }

    @Override
    public void testStarted() {
        startedNanos = System.nanoTime();
        started.countDown();
    }

    @Override
    public void testStarted(String host) {
        testStarted();
    }

    @Override
    public void testEnded() {
    }

    @Override
    public void testEnded(String host) {
    }
}
