package dev.trainyard.data;

/** One row of trentry as a request sees it: after its own view was added. */
public record Entry(int id, String name, String descr, int views) {
}
