package dev.trainyard.http;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QueryStringTest {

    @ParameterizedTest
    @ValueSource(strings = {"id=42", "id=+42+", "id=%2042%20", "type=C&count=1", "q=%C3%A9t%C3%A9", "q=%E2%82%AC", "flag", "a=&b=",
        "id=42&", "q=a+b%2Bc"})
    void percentEncodedUtf8IsRead(String query) {
        assertDoesNotThrow(() -> QueryString.requireExact(query));
    }

    @ParameterizedTest
    @ValueSource(strings = {"id=%zz", "id=%", "id=4%2", "id=%g0", "id=24131%00", "id=%0A42", "id=42%7F", "q=%FF%FE", "q=%C3",
        "q=%E0%A4", "q=%C0%AF", "q=%ED%A0%80", "id=42&x=%zz", "q=\u00e9", "q=a\tb"})
    void anythingElseIs400NamingThePart(String query) {
        HttpProblem problem = assertThrows(HttpProblem.class, () -> QueryString.requireExact(query));
        assertEquals(400, problem.status());
        String part = query.contains("&") ? query.substring(query.indexOf('&') + 1) : query;
        assertEquals("the query string must be percent-encoded UTF-8; '" + Params.echo(part) + "' is not", problem.getMessage());
    }

    @Test
    void noQueryIsFine() {
        assertDoesNotThrow(() -> QueryString.requireExact(null));
        assertDoesNotThrow(() -> QueryString.requireExact(""));
    }

    @Test
    void aLongPartIsNotEchoedInFull() {
        HttpProblem problem = assertThrows(HttpProblem.class, () -> QueryString.requireExact("id=" + "9".repeat(10_000) + "%zz"));
        assertEquals(true, problem.getMessage().length() < 120, problem.getMessage());
    }

    /** What the container kept of a query it could not decode is never read: the whole request is refused. */
    @Test
    void paramsRefuseTheRequestBeforeReadingAValue() {
        Params params = new Params(FakeRequest.withQuery("id=%zz", Map.of()));
        HttpProblem problem = assertThrows(HttpProblem.class, () -> params.optionalInt("id", 1, 10));
        assertEquals(400, problem.status());
        Params clean = new Params(FakeRequest.withQuery("id=7", Map.of("id", new String[] {"7"})));
        assertEquals(Optional.of(7), clean.optionalInt("id", 1, 10));
    }
}
