package dev.trainyard.config;

/**
 * How long database work may take, from the same settings the servers' pools are configured with
 * (server-configs/trainyard.properties): the pool's wait for a connection, the statement timeout
 * every pool sets on its connections, and the tighter bound of the entry's one-row update (every
 * style, and the train's trips). Request timeouts are derived from these, so that work which has
 * started is answered by its own result and a 504 stays rare.
 */
public record DbLimits(int poolWaitMillis, int statementTimeoutMillis, int entryStatementTimeoutSeconds) {

    /** Rendering the answer and the network on a busy machine, beyond the database's own bounds. */
    public static final int MARGIN_MILLIS = 2_000;

    /**
     * What the WAR assumes where a server hands it none of the settings: the values of
     * server-configs/trainyard.properties, which the pools are configured with (a test keeps them equal).
     */
    public static final DbLimits DEFAULTS = new DbLimits(5_000, 30_000, 5);

    public static DbLimits fromSystem() {
        return new DbLimits(
                Settings.integer("trainyard.jdbc.maxWaitMillis", DEFAULTS.poolWaitMillis, 0, 600_000),
                Settings.integer("trainyard.jdbc.statementTimeoutMillis", DEFAULTS.statementTimeoutMillis, 100, 3_600_000),
                Settings.integer("trainyard.entry.statementTimeoutSeconds", DEFAULTS.entryStatementTimeoutSeconds, 1, 600));
    }

    /** The longest a started piece of work with a statement of {@code statementMillis} can take. */
    public long runBudgetMillis(long statementMillis) {
        return poolWaitMillis + statementMillis + MARGIN_MILLIS;
    }

    /** For work whose statements run under the pools' own statement timeout (the store, products). */
    public long runBudgetMillis() {
        return runBudgetMillis(statementTimeoutMillis);
    }

    /** For the entry's update, in every style. */
    public long entryRunBudgetMillis() {
        return runBudgetMillis(entryStatementTimeoutSeconds * 1000L);
    }

    /** Stops a deployment whose request timeout could not cover the work it has to wait for. */
    public static void requireCovers(String setting, long timeoutMillis, long budgetMillis, String what) {
        if (timeoutMillis <= budgetMillis) {
            throw new IllegalStateException("setting " + setting + " (" + timeoutMillis + " ms) must exceed " + what
                    + " (" + budgetMillis + " ms: pool wait + statement timeout + " + MARGIN_MILLIS
                    + " ms), or started work would be answered 504 with its outcome unknown");
        }
    }
}
