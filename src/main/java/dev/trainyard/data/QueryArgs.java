package dev.trainyard.data;

import java.time.LocalDate;
import java.util.List;

/**
 * The typed arguments a query asks for. The web layer implements it over request parameters and
 * rejects anything out of range with a 400; a query states what it needs and never sees text.
 */
public interface QueryArgs {

    int intArg(String name, int min, int max);

    String choiceArg(String name, List<String> allowed);

    LocalDate dateArg(String name, LocalDate min, LocalDate max);

    /** A rule that spans arguments (e.g. from &lt;= to) was broken. */
    RuntimeException invalid(String message);
}
