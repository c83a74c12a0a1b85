package dev.trainyard.train;

import dev.trainyard.config.DbLimits;
import dev.trainyard.config.Settings;
import java.util.List;

/**
 * The train's bounds, read once from system properties (trainyard.train.*) that each server sets
 * in its native configuration. The request timeout is derived, not set: it outlasts the departure
 * deadline plus the longest a trip can take (the pool's wait and the command's statement timeout,
 * {@link DbLimits}), so that a job that departed is answered by its batch, and a 504 (outcome
 * unknown) needs a database that stopped answering.
 */
record TrainSettings(String policy, int workers, int queueCapacity, int maxBatch, int windowBatch,
                     int windowMillis, int departureTimeoutMillis, DbLimits db) {

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
                DbLimits.fromSystem());
    }

    /** The request timeout of a job of {@code command}: its departure deadline, then its trip's budget. */
    long asyncTimeoutMillis(String command) {
        return departureTimeoutMillis + (command.equals("entry") ? db.entryRunBudgetMillis() : db.runBudgetMillis());
    }

    BatchPolicy policy(String name) {
        return switch (name) {
            case "window" -> new WindowPolicy(windowBatch, windowMillis * 1_000_000L);
            case "adaptive" -> new AdaptivePolicy(windowBatch, windowMillis * 1_000_000L);
            default -> new NaturalPolicy(maxBatch);
        };
    }
}
