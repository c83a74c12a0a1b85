package dev.trainyard.config;

import dev.trainyard.metrics.ThreadKind;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread factories for the WAR's own executors: virtual threads where the JVM has them (found at
 * run time, since the WAR is compiled for Java 17), named daemon platform threads otherwise.
 */
public final class ThreadFactories {

    /** Set on every thread these factories make, for {@link #ours()}. */
    private static final ThreadLocal<Boolean> OURS = ThreadLocal.withInitial(() -> false);

    private ThreadFactories() {
    }

    /**
     * Whether the calling thread is one of the WAR's own (made here), not one of the container's:
     * some container calls run the container's next work on the calling thread.
     */
    public static boolean ours() {
        return OURS.get();
    }

    private static Runnable marked(Runnable task) {
        return () -> {
            OURS.set(true);
            task.run();
        };
    }

    /**
     * A thread of the WAR's looks things up (services, resources) with the WAR's class loader,
     * whichever thread made it: a thread inherits its maker's context class loader, and a
     * container thread outside a request has the container's, or an undeployed WAR's.
     */
    private static Thread withWarLoader(Thread thread) {
        thread.setContextClassLoader(ThreadFactories.class.getClassLoader());
        return thread;
    }

    /** Named platform daemon threads: name-1, name-2, ... */
    public static ThreadFactory platform(String name) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(marked(task), name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return withWarLoader(thread);
        };
    }

    /** Virtual threads when the JVM has them, else named platform daemon threads. */
    public static ThreadFactory preferVirtual(String name) {
        ThreadFactory virtual = virtual(name);
        return virtual != null ? virtual : platform(name);
    }

    /** Thread.ofVirtual().name(name + "-", 1).factory(), or null before Java 21. */
    public static ThreadFactory virtual(String name) {
        if (!ThreadKind.virtualThreadsAvailable()) {
            return null;
        }
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            builder = Class.forName("java.lang.Thread$Builder$OfVirtual")
                    .getMethod("name", String.class, long.class).invoke(builder, name + "-", 1L);
            ThreadFactory factory = (ThreadFactory) Class.forName("java.lang.Thread$Builder").getMethod("factory").invoke(builder);
            return task -> withWarLoader(factory.newThread(marked(task)));
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
