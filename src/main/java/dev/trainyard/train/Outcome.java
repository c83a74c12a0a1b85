package dev.trainyard.train;

/** What a job's ride produced: its row, no such row, or a failure of the whole batch. */
public sealed interface Outcome<R> {

    record Found<R>(R value) implements Outcome<R> {
    }

    record Missing<R>() implements Outcome<R> {
    }

    /** The job did not ride, or its batch failed: nothing of it was applied. */
    record Failed<R>(String reason) implements Outcome<R> {
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
}
