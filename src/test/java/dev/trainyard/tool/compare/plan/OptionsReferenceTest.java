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
 * same table and the exit statuses ({@link Option.ExitStatus}), and the parser's defaults are the table's.
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
            String head = o.key() + "=" + (o.defaultIn(Mode.DEFAULT) == null ? "" : o.defaultIn(Mode.DEFAULT));
            assertTrue(Options.HELP.lines().anyMatch(l -> l.startsWith(head)), "-Dhelp lacks " + head);
        }
    }

    @Test
    void everyExitStatusHasACodeOfItsOwnAndHelpListsIt() {
        assertEquals(Option.ExitStatus.values().length, java.util.Arrays.stream(Option.ExitStatus.values()).mapToInt(Option.ExitStatus::code).distinct().count());
        for (Option.ExitStatus status : Option.ExitStatus.values()) {
            assertTrue(Options.HELP.lines().anyMatch(l -> l.startsWith("  " + status.code() + "  ")), "-Dhelp lacks exit status " + status);
        }
        assertTrue(Option.markdown().contains("| " + Option.ExitStatus.THRESHOLD_BROKEN.code() + " | "), "docs/options.md lacks the exit statuses");
    }

    @Test
    void theParsersDefaultsAreTheTables() {
        for (Mode mode : Mode.values()) {
            String m = mode.key();
            Options o = Options.parse(Map.of("mode", m));
            assertEquals(Option.SECONDS.defaultIn(mode), String.valueOf(o.seconds()), m);
            assertEquals(Option.WARMUP.defaultIn(mode), String.valueOf(o.warmup()), m);
            assertEquals(Option.TRIALS.defaultIn(mode), String.valueOf(o.trials().least()), m);
            assertEquals(Option.TRIALS_MOST.defaultIn(mode), String.valueOf(o.trials().most()), m);
            assertEquals(Option.TRIALS_EXTRA.defaultIn(mode), String.valueOf(o.extraTrials()), m);
            // Unset, the open plan's rate is a share of a measured peak: 0 until the run sets it.
            assertEquals(null, Option.RATE.defaultIn(mode), m);
            assertEquals(0, o.rate(), m);
            assertEquals(Option.OPEN_SHARE.defaultIn(mode), String.valueOf(o.openShare()), m);
            assertEquals(Option.DRIVERS.defaultIn(mode), String.join(",", o.drivers().stream().map(Driver::key).toList()), m);
            assertEquals(Option.QUERIES.defaultIn(mode), String.join(",", o.queries()), m);
            assertEquals(Option.PLANS.defaultIn(mode), String.join(",", o.plans()), m);
            assertEquals(Option.PROTOCOLS.defaultIn(mode), o.protocols().stream().map(Protocol::key).collect(java.util.stream.Collectors.joining(",")), m);
            assertEquals(Option.SERVERS.defaultIn(mode), String.join(",", o.servers()), m);
            assertEquals(Boolean.parseBoolean(Option.THREADCOST.defaultIn(mode)), o.threadCost(), m);
            assertEquals(Boolean.parseBoolean(Option.SWEEP.defaultIn(mode)), o.sweep().on(), m);
            assertEquals(Boolean.parseBoolean(Option.CROSSCHECK.defaultIn(mode)), o.crosscheck(), m);
            assertEquals(Boolean.parseBoolean(Option.STRICT.defaultIn(mode)), o.strict(), m);
            assertEquals(Option.DIR.defaultIn(mode), o.dir().toString(), m);
        }
        Options bench = Options.parse(Options.BENCH);
        assertEquals("wrk", bench.client());
        assertEquals(Option.DIR.defaultIn(Mode.DEFAULT).replace("compare", "bench"), bench.dir().toString());
    }
}
