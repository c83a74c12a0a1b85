package dev.trainyard.http;

import dev.trainyard.data.QueryArgs;
import jakarta.servlet.http.HttpServletRequest;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads and validates request parameters. Every rejection is a 400 whose message names the
 * parameter, the allowed values and what was received, so a client can fix its request without
 * reading our code. Parsed values are typed: nothing from the request text ever reaches SQL
 * except as a bind parameter.
 */
public final class Params implements QueryArgs {

    /** Echoed values are cut so that a huge parameter does not make a huge error body. */
    private static final int ECHO_LIMIT = 40;
    private static final Pattern ASCII_INTEGER = Pattern.compile("-?[0-9]{1,10}");

    private final HttpServletRequest request;
    private boolean queryRead;

    public Params(HttpServletRequest request) {
        this.request = request;
    }

    /** The parameter as an int in [min, max], or empty when it is absent. */
    public Optional<Integer> optionalInt(String name, int min, int max) {
        String raw = raw(name);
        if (raw == null) {
            return Optional.empty();
        }
        return Optional.of(parseInt(name, raw, min, max));
    }

    @Override
    public int intArg(String name, int min, int max) {
        String raw = raw(name);
        if (raw == null) {
            throw HttpProblem.badRequest(range(name, min, max) + " and is required");
        }
        return parseInt(name, raw, min, max);
    }

    /** The parameter if it is one of {@code allowed}, empty when absent; anything else is a 400. */
    public Optional<String> optionalChoice(String name, List<String> allowed) {
        return raw(name) == null ? Optional.empty() : Optional.of(choiceArg(name, allowed));
    }

    @Override
    public String choiceArg(String name, List<String> allowed) {
        String raw = raw(name);
        if (raw == null || !allowed.contains(raw)) {
            throw HttpProblem.badRequest("parameter '" + name + "' must be one of " + allowed
                    + (raw == null ? " and is required" : ", got '" + echo(raw) + "'"));
        }
        return raw;
    }

    @Override
    public LocalDate dateArg(String name, LocalDate min, LocalDate max) {
        String raw = raw(name);
        String rule = "parameter '" + name + "' must be a date yyyy-mm-dd between " + min + " and " + max;
        if (raw == null) {
            throw HttpProblem.badRequest(rule + " and is required");
        }
        try {
            LocalDate date = LocalDate.parse(withoutBlanks(raw));
            if (date.isBefore(min) || date.isAfter(max)) {
                throw HttpProblem.badRequest(rule + ", got '" + echo(raw) + "'");
            }
            return date;
        } catch (DateTimeParseException e) {
            throw HttpProblem.badRequest(rule + ", got '" + echo(raw) + "'");
        }
    }

    /**
     * The parameter's one value, or null when absent. Given twice (?id=1&amp;id=2), it is refused:
     * silently taking one of them would answer a question the client did not ask.
     */
    private String raw(String name) {
        if (!queryRead) {
            QueryString.requireExact(request.getQueryString());
            queryRead = true;
        }
        String[] values = request.getParameterValues(name);
        if (values == null || values.length == 0) {
            return null;
        }
        if (values.length > 1) {
            throw HttpProblem.badRequest("parameter '" + name + "' is given " + values.length + " times; give it once");
        }
        return values[0];
    }

    @Override
    public RuntimeException invalid(String message) {
        return HttpProblem.badRequest(message);
    }

    static int parseInt(String name, String raw, int min, int max) {
        String text = withoutBlanks(raw);
        // Length check first: a 10,000-digit number is rejected without being parsed.
        if (text.isEmpty() || text.length() > 11) {
            throw HttpProblem.badRequest(range(name, min, max) + ", got '" + echo(raw) + "'");
        }
        // ASCII digits only: Long.parseLong would also take '+7' and non-Latin digits such as '٣'.
        if (!ASCII_INTEGER.matcher(text).matches()) {
            throw HttpProblem.badRequest(range(name, min, max) + ", got '" + echo(raw) + "'");
        }
        long value = Long.parseLong(text);
        if (value < min || value > max) {
            throw HttpProblem.badRequest(range(name, min, max) + ", got " + value);
        }
        return (int) value;
    }

    /**
     * The value without the spaces around it (a client's "id= 42 "), and nothing else: String.trim
     * would also take control characters off, and serve "42%00" as 42.
     */
    private static String withoutBlanks(String raw) {
        int start = 0;
        int end = raw.length();
        while (start < end && raw.charAt(start) == ' ') {
            start++;
        }
        while (end > start && raw.charAt(end - 1) == ' ') {
            end--;
        }
        return raw.substring(start, end);
    }

    private static String range(String name, int min, int max) {
        return "parameter '" + name + "' must be an integer from " + min + " to " + max;
    }

    public static String echo(String raw) {
        String cut = raw.length() > ECHO_LIMIT ? raw.substring(0, ECHO_LIMIT) + "..." : raw;
        StringBuilder safe = new StringBuilder(cut.length());
        for (char c : cut.toCharArray()) {
            safe.append(Character.isISOControl(c) ? '?' : c);
        }
        return safe.toString();
    }
}
