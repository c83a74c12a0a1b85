package dev.trainyard.tool.compare.jvm;

import java.util.List;

/**
 * Where a thread inside the WAR was when a sample caught it, in words an operator reads: the
 * connection pool, the database, a lock, the request's own sleep, or running. Threads doing no
 * request's work (idle request threads, the container's own, Train workers waiting for riders)
 * have no site.
 */
public enum WaitSite {

    POOL("in the connection pool (waiting for a connection)", true),
    DATABASE("in the database driver (a round trip)", false),
    LOCK("waiting on a lock", true),
    SLEEP("sleeping (the request's own wait)", false),
    PARKED("parked elsewhere", false),
    RUNNING("running (on a core or ready for one)", true);

    /** The pools of the three servers: Tomcat's DBCP, Jetty's HikariCP, GlassFish's connector pool. */
    static final List<String> POOL_FRAMES = List.of("org.apache.tomcat.dbcp.", "com.zaxxer.hikari.", "com.sun.enterprise.resource.",
            "com.sun.enterprise.connectors.", "com.sun.gjc.");
    static final List<String> LOCK_FRAMES = List.of("java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire",
            "java.util.concurrent.locks.ReentrantLock", "java.lang.Object.wait");
    static final List<String> PARK_FRAMES = List.of("jdk.internal.misc.Unsafe.park", "java.util.concurrent.locks.LockSupport.park");

    private final String label;
    /** Whether a cell whose threads are mostly here is bound by it (a pool, a lock, the CPU), not by its own work. */
    private final boolean binding;

    WaitSite(String label, boolean binding) {
        this.label = label;
        this.binding = binding;
    }

    String label() {
        return label;
    }

    boolean binding() {
        return binding;
    }

    /**
     * Where a thread waits for a lock, as simple names: the first frame past the lock's own
     * machinery and the WAR's frame that called it ("ArrayBlockingQueue.offer from Dispatcher.submit").
     */
    static String lockHolder(ThreadStack t) {
        String inner = t.frames().stream().filter(f -> !f.startsWith("java.util.concurrent.locks.") && !f.startsWith("jdk.internal.")
                && !f.startsWith("java.lang.Object.wait") && !f.startsWith("java.lang.Thread.") && !f.startsWith("java.lang.VirtualThread."))
                .findFirst().orElse("");
        String ours = t.frames().stream().filter(f -> f.startsWith("dev.trainyard.")).findFirst().orElse("");
        return inner.equals(ours) ? simple(ours) : simple(inner) + " from " + simple(ours);
    }

    private static String simple(String frame) {
        int method = frame.lastIndexOf('.');
        return method < 0 ? frame : frame.substring(frame.lastIndexOf('.', method - 1) + 1);
    }

    /** The thread's site, or null when it is not doing the WAR's work. */
    static WaitSite of(ThreadStack t) {
        if (!t.has("dev.trainyard.")) {
            return null;
        }
        if (t.frames().stream().anyMatch(f -> f.startsWith("dev.trainyard.train.") && f.endsWith("Policy.next"))) {
            return null;
        }
        // Before the pool: a pool that validates its connection on borrow waits for the database.
        if (t.has("org.postgresql.")) {
            return DATABASE;
        }
        if (t.hasAny(POOL_FRAMES)) {
            return POOL;
        }
        if (t.has("java.lang.Thread.sleep") || t.has("java.lang.VirtualThread.sleepNanos")) {
            return SLEEP;
        }
        if (t.state().equals("BLOCKED") || t.hasAny(LOCK_FRAMES)) {
            return LOCK;
        }
        if (t.hasAny(PARK_FRAMES) || t.state().equals("WAITING") || t.state().equals("TIMED_WAITING")) {
            return PARKED;
        }
        return RUNNING;
    }
}
