package dev.trainyard.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ParamsTest {

    private static Params params(String name, String value) {
        return new Params(FakeRequest.withParameters(Map.of(name, value)));
    }

    @Test
    void acceptsIntegersInRangeWithSurroundingBlanks() {
        assertEquals(Optional.of(42), params("id", " 42 ").optionalInt("id", 1, 100));
        assertEquals(1, params("id", "1").intArg("id", 1, 100));
        assertEquals(100, params("id", "100").intArg("id", 1, 100));
    }

    @Test
    void aParameterGivenTwiceIs400NamingIt() {
        Params twice = new Params(FakeRequest.withValues(Map.of("id", new String[] {"1", "2"})));
        HttpProblem problem = assertThrows(HttpProblem.class, () -> twice.optionalInt("id", 1, 10));
        assertEquals(400, problem.status());
        assertEquals("parameter 'id' is given 2 times; give it once", problem.getMessage());
        assertThrows(HttpProblem.class, () -> twice.choiceArg("id", List.of("1", "2")));
    }

    @Test
    void absentOptionalIsEmptyButAbsentRequiredIs400() {
        Params none = new Params(FakeRequest.withParameters(Map.of()));
        assertEquals(Optional.empty(), none.optionalInt("id", 1, 10));
        HttpProblem problem = assertThrows(HttpProblem.class, () -> none.intArg("count", 0, 10));
        assertEquals(400, problem.status());
        assertEquals("parameter 'count' must be an integer from 0 to 10 and is required", problem.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "", " ", "1.5", "1e3", "0x1F", "-", "+", "1;DROP TABLE trentry", "1' OR '1'='1",
        "99999999999999999999", "2147483648", "-2147483649", "٣", "+7", "00000000001"})
    void rejectsWhatIsNotAnIntInRange(String bad) {
        HttpProblem problem = assertThrows(HttpProblem.class, () -> params("id", bad).intArg("id", 1, Integer.MAX_VALUE));
        assertEquals(400, problem.status());
        assertTrue(problem.getMessage().startsWith("parameter 'id' must be an integer from 1 to 2147483647"),
                problem.getMessage());
    }

    @Test
    void outOfRangeNamesTheValue() {
        HttpProblem problem = assertThrows(HttpProblem.class, () -> params("ms", "60001").intArg("ms", 0, 60_000));
        assertEquals("parameter 'ms' must be an integer from 0 to 60000, got 60001", problem.getMessage());
    }

    @Test
    void hugeInputIsNotEchoedInFull() {
        String huge = "9".repeat(10_000);
        HttpProblem problem = assertThrows(HttpProblem.class, () -> params("id", huge).intArg("id", 1, 10));
        assertTrue(problem.getMessage().length() < 200, problem.getMessage());
    }

    @Test
    void choicesAreExactAndCaseSensitive() {
        assertEquals("C", params("type", "C").choiceArg("type", List.of("C", "E", "S")));
        HttpProblem problem = assertThrows(HttpProblem.class, () -> params("type", "c").choiceArg("type", List.of("C", "E", "S")));
        assertEquals("parameter 'type' must be one of [C, E, S], got 'c'", problem.getMessage());
    }

    @Test
    void datesAreIsoAndBounded() {
        LocalDate min = LocalDate.of(1990, 1, 1);
        LocalDate max = LocalDate.of(2100, 12, 31);
        assertEquals(LocalDate.of(2021, 3, 1), params("from", "2021-03-01").dateArg("from", min, max));
        for (String bad : List.of("2021-02-30", "2021-3-1", "01/03/2021", "1989-12-31", "2101-01-01", "today")) {
            HttpProblem problem = assertThrows(HttpProblem.class, () -> params("from", bad).dateArg("from", min, max), bad);
            assertTrue(problem.getMessage().startsWith("parameter 'from' must be a date yyyy-mm-dd between 1990-01-01 and 2100-12-31"));
        }
    }

    @Test
    void controlCharactersInEchoesAreNeutralised() {
        assertEquals("a?b", Params.echo("a\nb"));
    }
}
