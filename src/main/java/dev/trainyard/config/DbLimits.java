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
    public static final DbLimits DEFAULTS = new DbLimits(Setting.JDBC_MAX_WAIT_MILLIS.defaultInteger(),
            Setting.JDBC_STATEMENT_TIMEOUT_MILLIS.defaultInteger(), Setting.ENTRY_STATEMENT_TIMEOUT_SECONDS.defaultInteger());

    public static DbLimits fromSystem() {
        return new DbLimits(
                Setting.JDBC_MAX_WAIT_MILLIS.integer(),
                Setting.JDBC_STATEMENT_TIMEOUT_MILLIS.integer(),
                Setting.ENTRY_STATEMENT_TIMEOUT_SECONDS.integer());
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
