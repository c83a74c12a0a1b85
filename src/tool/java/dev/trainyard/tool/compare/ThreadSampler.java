package dev.trainyard.tool.compare;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Samples where the server's threads are while a cell is measured, through the JVM's own
 * management interface: it attaches to the server's JVM once (the local attach mechanism, only
 * for the same user on this machine; no port opened), starts its local JMX agent and asks its
 * diagnostic command Thread.print for a dump, made inside the server's JVM (the thread bean's
 * ThreadInfo for every stack, serialised over JMX, took a loaded core 100 ms and more a sample).
 *
 * <p>Thread.print lists platform threads and the virtual threads mounted on them, not the virtual
 * threads parked off their carriers. The JVM's JSON dump (Thread.dump_to_file) lists those too,
 * but crashed the server's JVM (JDK 25.0.3, SIGSEGV while walking a virtual thread's frames) in a
 * cell of 400 users: a sample must never cost the run its server.
 */
final class ThreadSampler implements AutoCloseable {

    /** Every this often during the measured window; the trials of a cell pool their samples. */
    static final long EVERY_MS = 1000;

    private static final String[] SIGNATURE = {String[].class.getName()};

    private final JMXConnector connector;
    private final MBeanServerConnection mbeans;
    private final ObjectName commands;
    private final int cores;

    private ThreadSampler(JMXConnector connector) throws IOException {
        this.connector = connector;
        this.mbeans = connector.getMBeanServerConnection();
        try {
            this.commands = new ObjectName("com.sun.management:type=DiagnosticCommand");
        } catch (javax.management.MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
        this.cores = ManagementFactory.newPlatformMXBeanProxy(mbeans, ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME,
                OperatingSystemMXBean.class).getAvailableProcessors();
    }

    /** Attaches to the JVM of that process. */
    static ThreadSampler attach(long pid) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
        String address;
        try {
            address = vm.startLocalManagementAgent();
        } finally {
            vm.detach();
        }
        return new ThreadSampler(JMXConnectorFactory.connect(new JMXServiceURL(address)));
    }

    /** The server's threads now. */
    List<ThreadStack> sample() throws Exception {
        return ThreadDumps.text((String) mbeans.invoke(commands, "threadPrint", new Object[] {new String[0]}, SIGNATURE));
    }

    /** Samples from {@code delayMs} on until stopped, on a thread of its own. */
    Session start(long delayMs) {
        return new Session(delayMs);
    }

    @Override
    public void close() {
        try {
            connector.close();
        } catch (IOException e) {
            // The server is gone already.
        }
    }

    /** One cell's sampling. */
    final class Session {

        private final AtomicBoolean running = new AtomicBoolean(true);
        private final List<List<ThreadStack>> samples = new ArrayList<>();
        private final List<Double> millis = new ArrayList<>();
        private final Thread thread;
        private volatile String failure;

        private Session(long delayMs) {
            thread = new Thread(() -> loop(delayMs), "thread-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        private void loop(long delayMs) {
            try {
                Thread.sleep(delayMs);
                while (running.get()) {
                    long start = System.nanoTime();
                    List<ThreadStack> sample = sample();
                    double took = (System.nanoTime() - start) / 1e6;
                    synchronized (this) {
                        // One that ended after the load stopped would count the threads winding down.
                        if (running.get()) {
                            samples.add(sample);
                            millis.add(took);
                        }
                    }
                    Thread.sleep(Math.max(0, EVERY_MS - (long) took));
                }
            } catch (InterruptedException e) {
                // Stopped.
            } catch (Exception e) {
                failure = e.toString();
            }
        }

        /** Stops sampling and returns where the threads were. */
        WaitSites stop() throws InterruptedException {
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
