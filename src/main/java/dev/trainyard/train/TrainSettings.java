package dev.trainyard.train;

import dev.trainyard.config.DbLimits;
import dev.trainyard.config.Setting;

/**
 * The train's bounds, read once from system properties (trainyard.train.*) that each server sets
 * in its native configuration. The request timeout is derived, not set: it outlasts the departure
 * deadline plus the longest a trip can take (the pool's wait and the command's statement timeout,
 * {@link DbLimits}), so that a job that departed is answered by its batch, and a 504 (outcome
 * unknown) needs a database that stopped answering.
 */
record TrainSettings(String policy, int workers, int queueCapacity, int maxBatch, int windowBatch,
                     int windowMillis, int departureTimeoutMillis, DbLimits db) {

    static TrainSettings fromSystem() {
        return new TrainSettings(
                Setting.TRAIN_POLICY.choice(),
                Setting.TRAIN_WORKERS.integer(),
                Setting.TRAIN_QUEUE.integer(),
                Setting.TRAIN_MAX_BATCH.integer(),
                Setting.TRAIN_WINDOW_BATCH.integer(),
                Setting.TRAIN_WINDOW_MILLIS.integer(),
                Setting.TRAIN_DEPARTURE_TIMEOUT_MILLIS.integer(),
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
