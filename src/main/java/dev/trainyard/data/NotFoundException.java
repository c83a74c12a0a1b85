package dev.trainyard.data;

/** The request named a row that does not exist: a 404 for the client, not an error. */
public class NotFoundException extends RuntimeException {

    public NotFoundException(String message) {
        super(message, null, false, false);
    }
}
