package dev.trainyard.tool.compare.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The options are declared once, in {@link Option}: docs/options.md is what the table generates
 * ({@code -Doptions.record=true} writes it again after a change to the table), -Dhelp prints the
 * same table, and the parser's defaults are the table's.
 */
class OptionsReferenceTest {

    private static final Path REFERENCE = Path.of("docs/options.md");

    @Test
    void theDocsReferenceIsWhatTheTableGenerates() throws Exception {
        if (Boolean.getBoolean("options.record")) {
            Files.writeString(REFERENCE, Option.markdown(), StandardCharsets.UTF_8);
        }
        assertEquals(Option.markdown(), Files.readString(REFERENCE, StandardCharsets.UTF_8),
                "docs/options.md is not what the option table generates: ./mvnw test -Dtest=OptionsReferenceTest -Doptions.record=true");
    }

    @Test
    void helpNamesEveryOptionWithItsDefault() {
        for (Option o : Option.values()) {
            String head = o.key() + "=" + (o.defaultIn("default") == null ? "" : o.defaultIn("default"));
            assertTrue(Options.HELP.lines().anyMatch(l -> l.startsWith(head)), "-Dhelp lacks " + head);
        }
    }

    @Test
    void theParsersDefaultsAreTheTables() {
        for (String mode : new String[] {"default", "full", "smoke"}) {
            Options o = Options.parse(Map.of("mode", mode));
            assertEquals(Option.SECONDS.defaultIn(mode), String.valueOf(o.seconds()), mode);
            assertEquals(Option.WARMUP.defaultIn(mode), String.valueOf(o.warmup()), mode);
            assertEquals(Option.TRIALS.defaultIn(mode), String.valueOf(o.trials()), mode);
            assertEquals(Option.RATE.defaultIn(mode), String.valueOf(o.rate()), mode);
            assertEquals(Option.DRIVERS.defaultIn(mode), String.join(",", o.drivers().stream().map(Driver::key).toList()), mode);
            assertEquals(Option.QUERIES.defaultIn(mode), String.join(",", o.queries()), mode);
            assertEquals(Option.PLANS.defaultIn(mode), String.join(",", o.plans()), mode);
            assertEquals(Option.PROTOCOLS.defaultIn(mode), o.protocols().stream().map(Protocol::key).collect(java.util.stream.Collectors.joining(",")), mode);
            assertEquals(Option.SERVERS.defaultIn(mode), String.join(",", o.servers()), mode);
            assertEquals(Boolean.parseBoolean(Option.THREADCOST.defaultIn(mode)), o.threadCost(), mode);
            assertEquals(Boolean.parseBoolean(Option.SWEEP.defaultIn(mode)), o.sweep().on(), mode);
            assertEquals(Boolean.parseBoolean(Option.CROSSCHECK.defaultIn(mode)), o.crosscheck(), mode);
            assertEquals(Boolean.parseBoolean(Option.STRICT.defaultIn(mode)), o.strict(), mode);
            assertEquals(Option.DIR.defaultIn(mode), o.dir().toString(), mode);
        }
        Options bench = Options.parse(Options.BENCH);
        assertEquals("wrk", bench.client());
        assertEquals(Option.DIR.defaultIn("default").replace("compare", "bench"), bench.dir().toString());
    }
}
