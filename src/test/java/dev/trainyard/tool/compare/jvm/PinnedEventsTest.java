package dev.trainyard.tool.compare.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** jfr print's text of jdk.VirtualThreadPinned, as JDK 25 prints it, read into counts by the frame to change. */
public class PinnedEventsTest {

    /** The first event as JDK 25.0.3 printed it for a virtual thread that slept in a class initialiser. */
    private static final String CLASS_INIT = """
            jdk.VirtualThreadPinned {
              startTime = 21:24:20.642 (2026-12-01)
              duration = 40.1 ms
              blockingOperation = "LockSupport.park"
              pinnedReason = "VM call to P$Slow.<clinit> on stack"
              carrierThread = "ForkJoinPool-1-worker-1" (javaThreadId = 27)
              eventThread = "" (javaThreadId = 29, virtual)
              stackTrace = [
                java.lang.VirtualThread.parkOnCarrierThread(boolean, long) line: 830
                java.lang.VirtualThread.parkNanos(long) line: 798
                java.lang.Thread.sleep(long) line: 540
                P$Slow.<clinit>() line: 11
                java.lang.Class.forName0(String, boolean, ClassLoader, Class)
                P.lambda$main$1() line: 7
                java.lang.VirtualThread.run(Runnable) line: 460
              ]
            }
            """;

    private static String nativeCall(String duration, String frame) {
        return """
                jdk.VirtualThreadPinned {
                  startTime = 21:24:21.000 (2026-12-01)
                  duration = %s
                  pinnedReason = "Native or VM frame on stack"
                  stackTrace = [
                    jdk.internal.misc.Unsafe.park(boolean, long)
                    %s
                    ...
                  ]
                }
                """.formatted(duration, frame);
    }

    @Test
    void namesTheFirstFrameOutsideTheJdkAndTheReason() {
        PinnedEvents events = PinnedEvents.parse(CLASS_INIT);
        assertEquals(1, events.count());
        assertEquals(40.1, events.totalMillis(), 1e-9);
        assertEquals(List.of("P$Slow.<clinit> — VM call to P$Slow.<clinit> on stack"), List.copyOf(events.bySite().keySet()));
    }

    @Test
    void countsEachSiteMostFirstAndAddsDurationsInTheirUnits() {
        String printed = CLASS_INIT + "\n" + nativeCall("1.20 s", "org.example.Driver.read(byte[]) line: 3") + "\n"
                + nativeCall("850 us", "org.example.Driver.read(byte[]) line: 3") + "\n"
                + nativeCall("12 ns", "java.lang.Object.wait0(long)");
        PinnedEvents events = PinnedEvents.parse(printed);
        assertEquals(4, events.count());
        assertEquals(40.1 + 1200 + 0.85 + 0.000012, events.totalMillis(), 1e-6);
        assertEquals(List.of("org.example.Driver.read — Native or VM frame on stack",
                "P$Slow.<clinit> — VM call to P$Slow.<clinit> on stack",
                "(only JDK frames) — Native or VM frame on stack"), List.copyOf(events.bySite().keySet()));
        assertEquals(2, events.bySite().get("org.example.Driver.read — Native or VM frame on stack"));
        assertTrue(events.describe().startsWith("4 pinned event(s), 1241 ms in all; 2× org.example.Driver.read"), events.describe());
    }

    @Test
    void noEventIsSaidSo() {
        PinnedEvents events = PinnedEvents.parse("");
        assertEquals(0, events.count());
        assertEquals("no virtual thread pinned its carrier while blocking", events.describe());
    }
}
