package io.dicehall.web.platform.store;

import org.eclipse.persistence.config.SessionCustomizer;
import org.eclipse.persistence.sessions.DatabaseLogin;
import org.eclipse.persistence.sessions.Session;

/**
 * Makes the JPA provider give up at once when the database cannot be reached. By default it retries
 * a failed read up to three times, five seconds apart, so that while the database was restarting every
 * request hung for seconds before its 503; now the 503 (with Retry-After) comes at once, and the pool
 * reconnects by itself when the database is back (its pool validates connections and drops them all
 * when one fails: {@code web/src/main/payara/postgres.asadmin}).
 */
public class FailFastSessions implements SessionCustomizer {

    @Override
    public void customize(Session session) {
        if (session.getDatasourceLogin() instanceof DatabaseLogin login) {
            login.setQueryRetryAttemptCount(0);
            login.setDelayBetweenConnectionAttempts(0);
        }
    }
}
