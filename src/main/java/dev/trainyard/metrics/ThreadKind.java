package dev.trainyard.metrics;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Tells whether the current thread is virtual. The WAR is compiled for Java 17, where
 * Thread.isVirtual() does not exist, and runs on 21+ as well: the method is found at run time,
 * the same way Jetty itself detects virtual-thread support.
 */
public final class ThreadKind {

    private static final MethodHandle IS_VIRTUAL = find();

    private ThreadKind() {
    }

    /** True when the JVM has virtual threads (Java 21+). */
    public static boolean virtualThreadsAvailable() {
        return IS_VIRTUAL != null;
    }

    public static boolean isVirtual(Thread thread) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(thread);
        } catch (Throwable e) {
            return false;
        }
    }

    /** "virtual" or "platform", for the current thread. */
    public static String current() {
        return isVirtual(Thread.currentThread()) ? "virtual" : "platform";
    }

    private static MethodHandle find() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }
}
