package dev.trainyard.tool.compare.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

public class ThreadDumpsTest {

    @Test
    void threadPrintsTextGivesStatesAndFrames() {
        String dump = """
                2026-12-01 16:25:44
                Full thread dump OpenJDK 64-Bit Server VM (17.0.17+10 mixed mode, sharing):

                "http-thread-pool::http-listener-1(7)" #93 daemon prio=5 os_prio=0 cpu=12.1ms elapsed=30.1s tid=0x1 nid=0x2 in Object.wait()  [0x3]
                   java.lang.Thread.State: TIMED_WAITING (on object monitor)
                \tat java.lang.Object.wait(java.base@17.0.17/Native Method)
                \t- waiting on <0x000000069e4e5bc0> (a com.sun.enterprise.resource.pool.datastructure.RWLockDataStructure)
                \tat com.sun.enterprise.resource.pool.PoolManagerImpl.getResourceFromPool(PoolManagerImpl.java:250)
                \tat dev.trainyard.blocking.EntryServlet.handle(EntryServlet.java:30)

                "ForkJoinPool-1-worker-1" #24 [4280] daemon prio=5 os_prio=0 cpu=2724.72ms elapsed=2.75s tid=0x00007f88c83b8d40  [0x0]
                   Carrying virtual thread #23
                	at jdk.internal.vm.Continuation.run(java.base@25.0.3/Continuation.java:251)
                	at java.util.concurrent.ForkJoinWorkerThread.run(java.base@25.0.3/ForkJoinWorkerThread.java:187)
                   Mounted virtual thread #23
                	at dev.trainyard.web.JsonOut.write(JsonOut.java:40)
                	at java.lang.VirtualThread.run(java.base@25.0.3/VirtualThread.java:460)

                "Attach Listener" #12 daemon prio=9 os_prio=0 cpu=0.4ms elapsed=30.0s tid=0x4 nid=0x5 waiting on condition  [0x0]
                   java.lang.Thread.State: RUNNABLE

                JNI global refs: 20, weak refs: 0
                """;

        List<ThreadStack> threads = ThreadDumps.text(dump);

        assertEquals(3, threads.size());
        ThreadStack request = threads.get(0);
        assertEquals("http-thread-pool::http-listener-1(7)", request.name());
        assertEquals("TIMED_WAITING", request.state());
        assertEquals(List.of("java.lang.Object.wait", "com.sun.enterprise.resource.pool.PoolManagerImpl.getResourceFromPool",
                "dev.trainyard.blocking.EntryServlet.handle"), request.frames());
        assertEquals(WaitSite.POOL, WaitSite.of(request));
        ThreadStack carrier = threads.get(1);
        assertEquals(WaitSite.RUNNING, WaitSite.of(carrier), "the virtual thread it carries runs the WAR's code");
        assertEquals("RUNNABLE", threads.get(2).state());
        assertEquals(List.of(), threads.get(2).frames());
    }
}
