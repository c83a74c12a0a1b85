package dev.trainyard.tool.compare.jvm;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Samples where the server's threads are while a cell is measured: the diagnostic command
 * Thread.print of the {@link ServerJvm}, a dump made inside the server's JVM (the thread bean's
 * ThreadInfo for every stack, serialised over JMX, took a loaded core 100 ms and more a sample).
 *
 * <p>Thread.print lists platform threads and the virtual threads mounted on them, not the virtual
 * threads parked off their carriers. The JVM's JSON dump (Thread.dump_to_file) lists those too,
 * but crashed the server's JVM (JDK 25.0.3, SIGSEGV while walking a virtual thread's frames) in a
 * cell of 400 users: a sample must never cost the run its server.
 */
public final class ThreadSampler {

    /** Every this often in the warm-up's last stretch; the trials of a cell pool their samples. */
    static final long EVERY_MS = 1000;
    /** Where in the warm-up sampling starts: late enough that the users have started (they ramp up over it). */
    public static final double FROM_WARM_UP = 0.7;

    private final ServerJvm jvm;
    private final int cores;

    public ThreadSampler(ServerJvm jvm) throws IOException {
        this.jvm = jvm;
        this.cores = jvm.cores();
    }

    /** The server's threads now. */
    List<ThreadStack> sample() throws Exception {
        return ThreadDumps.text(jvm.command("threadPrint"));
    }

    /**
     * Samples, on a thread of its own, from {@code fromMs} after now every {@link #EVERY_MS} while
     * a sample can start before {@code untilMs}: in the warm-up's last stretch, so that the stop a
     * dump costs the server falls outside the measured window.
     */
    public Session start(long fromMs, long untilMs) {
        return new Session(fromMs, untilMs);
    }

    /**
     * A cell's sampling: in its warm-up, which is cut, so that the stop a dump costs the server stays
     * out of the figures; a cell without a warm-up (a smoke run's, which measures nothing) in its
     * measured seconds, after the users have started.
     */
    public Session startFor(int warmupSeconds, int seconds) {
        return warmupSeconds > 0 ? start(Math.round(1000 * warmupSeconds * FROM_WARM_UP), 1000L * warmupSeconds)
                : start(Math.round(1000 * seconds * (1 - FROM_WARM_UP)), 1000L * seconds);
    }

    /** One cell's sampling. */
    public final class Session {

        private final AtomicBoolean running = new AtomicBoolean(true);
        private final List<List<ThreadStack>> samples = new ArrayList<>();
        private final List<Double> millis = new ArrayList<>();
        private final Thread thread;
        private volatile String failure;

        private Session(long fromMs, long untilMs) {
            thread = new Thread(() -> loop(fromMs, untilMs), "thread-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        private void loop(long fromMs, long untilMs) {
            long start = System.nanoTime();
            try {
                for (long at = fromMs; running.get(); at += EVERY_MS) {
                    Thread.sleep(Math.max(0, at - (System.nanoTime() - start) / 1_000_000));
                    if ((System.nanoTime() - start) / 1_000_000 >= untilMs) {
                        break;
                    }
                    long before = System.nanoTime();
                    List<ThreadStack> sample = sample();
                    double took = (System.nanoTime() - before) / 1e6;
                    synchronized (this) {
                        // One that ended after the load stopped would count the threads winding down.
                        if (running.get()) {
                            samples.add(sample);
                            millis.add(took);
                        }
                    }
                }
            } catch (InterruptedException e) {
                // Stopped.
            } catch (Exception e) {
                failure = e.toString();
            }
        }

        /** Stops sampling and returns where the threads were. */
        public WaitSites stop() throws InterruptedException {
            running.set(false);
            thread.interrupt();
            thread.join(10_000);
            synchronized (this) {
                if (failure != null && samples.isEmpty()) {
                    System.out.println("  thread sampling failed: " + failure);
                }
                return WaitSites.of(List.copyOf(samples), millis.stream().mapToDouble(Double::doubleValue).toArray(), cores);
            }
        }
    }
}
