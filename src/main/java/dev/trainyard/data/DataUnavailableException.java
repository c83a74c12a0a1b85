package dev.trainyard.data;

/**
 * The database could not do the work (down, pool exhausted, connection lost). Clients get a 503
 * with a short message; the cause stays in the server log.
 */
public class DataUnavailableException extends RuntimeException {

    public DataUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
