package dev.trainyard.train;

import dev.trainyard.web.Settings;
import java.util.List;

/**
 * The train's bounds, read once from system properties (trainyard.train.*) that each server sets
 * in its native configuration. The request timeout is derived, not set: it must outlast the
 * departure deadline plus a trip, so that a job that departed is always answered by its batch.
 */
record TrainSettings(String policy, int workers, int queueCapacity, int maxBatch, int windowBatch,
                     int windowMillis, int departureTimeoutMillis, int statementTimeoutSeconds) {

    static final List<String> POLICIES = List.of("natural", "window", "adaptive");

    static TrainSettings fromSystem() {
        return new TrainSettings(
                Settings.choice("trainyard.train.policy", "natural", POLICIES),
                // Sized to the connection pool (20 on every server): more workers would only queue on it.
                Settings.integer("trainyard.train.workers", 20, 1, 1000),
                Settings.integer("trainyard.train.queue", 10_000, 1, 1_000_000),
                Settings.integer("trainyard.train.maxBatch", 200, 1, 10_000),
                Settings.integer("trainyard.train.windowBatch", 5, 1, 10_000),
                Settings.integer("trainyard.train.windowMillis", 50, 1, 60_000),
                Settings.integer("trainyard.train.departureTimeoutMillis", 5_000, 1, 600_000),
                Settings.integer("trainyard.train.statementTimeoutSeconds", 5, 1, 600));
    }

    long asyncTimeoutMillis() {
        return departureTimeoutMillis + statementTimeoutSeconds * 1000L + 5_000L;
    }

    BatchPolicy policy(String name) {
        return switch (name) {
            case "window" -> new WindowPolicy(windowBatch, windowMillis * 1_000_000L);
            case "adaptive" -> new AdaptivePolicy(windowBatch, windowMillis * 1_000_000L);
            default -> new NaturalPolicy(maxBatch);
        };
    }
}
