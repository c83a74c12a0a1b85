package dev.trainyard.data;

import org.eclipse.persistence.config.SessionCustomizer;
import org.eclipse.persistence.sessions.DatabaseLogin;
import org.eclipse.persistence.sessions.Session;

/**
 * Stops EclipseLink from retrying a failed query on a new connection (by default three times,
 * a second apart). The server's pool already waits for a connection up to its own bound; retrying
 * on top of it turned a 5 s pool timeout into a 30 s hang when the database was down.
 */
public class PoolOwnsRetries implements SessionCustomizer {

    @Override
    public void customize(Session session) {
        if (session.getDatasourceLogin() instanceof DatabaseLogin login) {
            login.setQueryRetryAttemptCount(0);
            login.setDelayBetweenConnectionAttempts(0);
        }
    }
}
