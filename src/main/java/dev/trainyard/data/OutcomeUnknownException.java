package dev.trainyard.data;

/**
 * A write reached the database and no answer came back (the connection broke or timed out while
 * the statement ran): it may or may not have been applied. Clients get a 504 saying so, never a
 * 503, which promises that nothing happened and invites a retry that could count twice.
 */
public class OutcomeUnknownException extends RuntimeException {

    public OutcomeUnknownException(String message, Throwable cause) {
        super(message, cause);
    }
}
