package dev.trainyard.config;

import dev.trainyard.metrics.ThreadKind;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread factories for the WAR's own executors: virtual threads where the JVM has them (found at
 * run time, since the WAR is compiled for Java 17), named daemon platform threads otherwise.
 */
public final class ThreadFactories {

    private ThreadFactories() {
    }

    /** Named platform daemon threads: name-1, name-2, ... */
    public static ThreadFactory platform(String name) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
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
            return (ThreadFactory) Class.forName("java.lang.Thread$Builder").getMethod("factory").invoke(builder);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
