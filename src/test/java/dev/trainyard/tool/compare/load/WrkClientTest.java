package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

public class WrkClientTest {

    private static final String OUTPUT = "Running 2s test @ http://127.0.0.1:18080/trainyard/blocking/hello\n"
            + "BENCH requests=1000 duration_us=2000000 mean_us=1500 p50_us=1200 p95_us=4000 p99_us=9000 max_us=20000"
            + " status_errors=10 shed=7 status_failed=3 connect_errors=1 read_errors=2 write_errors=0 timeouts=3\n";

    @Test
    void wrksFiguresBecomeACellsWithIts503sAsShedAndEveryOtherFailureBeyondIt() throws IOException {
        CellStats s = WrkClient.parse(OUTPUT);
        assertEquals(1006, s.samples(), "answers plus the requests that got none");
        assertEquals(16, s.errors());
        assertEquals(7, s.shed(), "the 503s alone");
        assertEquals(990, s.okTotal());
        assertEquals(495.0, s.throughput(), 1e-9, "successful answers per second");
        assertEquals(1.5, s.meanMs(), 1e-9);
        assertEquals(4.0, s.p95Ms(), 1e-9);
        assertEquals(9.0 / 1006, s.unexpectedErrorRate(), 1e-9, "the other failing statuses, socket errors and timeouts count against the budget");
    }

    @Test
    void anOutputWithoutFiguresSaysWhatWrkPrinted() {
        IOException e = assertThrows(IOException.class, () -> WrkClient.parse("unable to connect to 127.0.0.1:18080"));
        assertTrue(e.getMessage().contains("unable to connect"), e.getMessage());
    }
}
