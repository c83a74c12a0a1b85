package dev.trainyard.train;

/** What a job's ride produced: its row, no such row, or a failure of the whole batch. */
public sealed interface Outcome<R> {

    record Found<R>(R value) implements Outcome<R> {
    }

    record Missing<R>() implements Outcome<R> {
    }

    /** The batch failed and the database rolled it back, or the job never rode: nothing applied (503). */
    record Failed<R>(String reason) implements Outcome<R> {
    }

    /** The batch's statement was sent and no answer came back: it may have been applied (504). */
    record Unknown<R>(String reason) implements Outcome<R> {
    }

    static <R> Outcome<R> found(R value) {
        return new Found<>(value);
    }

    static <R> Outcome<R> missing() {
        return new Missing<>();
    }

    static <R> Outcome<R> failed(String reason) {
        return new Failed<>(reason);
    }

    static <R> Outcome<R> unknown(String reason) {
        return new Unknown<>(reason);
    }
}
