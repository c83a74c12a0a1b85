package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

public class H2loadClientTest {

    private static final String OUTPUT = """
            Application protocol: h2
            finished in 3.01s, 330.00 req/s, 40.12KB/s
            requests: 1000 total, 1000 started, 1000 done, 990 succeeded, 10 failed, 4 errored, 1 timeout
            status codes: 990 2xx, 0 3xx, 0 4xx, 6 5xx
            """;

    @Test
    void theSummarysCountsAndTheLogsMicrosecondsBecomeACell() throws IOException {
        List<String> log = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            log.add("1796255455047211\t200\t" + i * 100);
        }
        log.add("1796255455047211\t503\t50");
        log.add("1796255455047211\t0\t999999999");
        CellStats s = H2loadClient.parse(OUTPUT, log, 3);
        assertEquals(1000, s.samples());
        assertEquals(10, s.errors(), "failed: errored requests and non-2xx answers");
        assertEquals(1, s.shed(), "the 503s of the log");
        assertEquals(330.0, s.throughput(), 1e-9, "successful answers per measured second");
        assertEquals(990, s.okTotal());
        assertEquals(5.0, s.p50Ms(), 0.01, "percentiles from microseconds, not milliseconds");
        assertEquals(10.0, s.maxMs(), 0.01, "a request h2load cut at its stop (status 0) is no latency");
    }

    @Test
    void anOutputWithoutFiguresSaysWhatH2loadPrinted() {
        IOException e = assertThrows(IOException.class,
                () -> H2loadClient.parse("No protocol negotiated. Aborted.", List.of(), 3));
        assertTrue(e.getMessage().contains("No protocol negotiated"), e.getMessage());
    }
}
