package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

public class WrkClientTest {

    private static final String OUTPUT = "Running 3s test @ http://127.0.0.1:18080/trainyard/blocking/hello\n"
            + "BENCH requests=1500 duration_us=3000000 mean_us=1500 p50_us=1200 p95_us=4000 p99_us=9000 max_us=20000"
            + " status_errors=10 shed=7 status_failed=3 connect_errors=1 read_errors=2 write_errors=0 timeouts=3"
            + " window_ok=980 window_shed=5 window_failed=2\n";

    @Test
    void theWindowsAnswersAreTheCellsWithIts503sAsShedAndEveryOtherFailureBeyondIt() throws IOException {
        WrkClient.Counted counted = WrkClient.parse(OUTPUT, 2);
        CellStats s = counted.stats();
        assertEquals(993, s.samples(), "the window's answers plus the requests that got none");
        assertEquals(13, s.errors(), "the window's failing statuses, and the socket errors and timeouts wrk keeps no time for");
        assertEquals(5, s.shed(), "the window's 503s alone");
        assertEquals(2.0, s.seconds(), 1e-9, "the window's length, not the process's");
        assertEquals(490.0, s.throughput(), 1e-9, "successful answers in the window per second of it");
        assertEquals(1490, s.okTotal(), "every successful answer of the process, warm-up included, for the views audit");
        assertEquals(1506, s.total());
        assertEquals(1.5, s.meanMs(), 1e-9);
        assertEquals(4.0, s.p95Ms(), 1e-9);
        assertEquals(8.0 / 993, s.unexpectedErrorRate(), 1e-9, "the other failing statuses, socket errors and timeouts count against the budget");
        assertEquals(9, counted.failures(), "the process's failures beyond shedding, whose outcome is unknown");
    }

    @Test
    void anOutputWithoutFiguresSaysWhatWrkPrinted() {
        IOException e = assertThrows(IOException.class, () -> WrkClient.parse("unable to connect to 127.0.0.1:18080", 2));
        assertTrue(e.getMessage().contains("unable to connect"), e.getMessage());
    }
}
