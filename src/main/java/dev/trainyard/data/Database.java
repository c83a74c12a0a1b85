package dev.trainyard.data;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import jakarta.servlet.ServletContext;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

/**
 * The WAR's one door to PostgreSQL: the server's pool, found by JNDI, and the JPA unit built on
 * it. Both are looked up lazily and looked up again after a failure, so a WAR deployed while the
 * database (or its pool definition) is missing starts anyway, answers 503, and recovers on its
 * own once the database is there.
 */
public final class Database {

    /** The resource-ref declared in web.xml; each server binds it in its own configuration. */
    public static final String JNDI_NAME = "java:comp/env/jdbc/trainyard";

    private static final String CONTEXT_KEY = Database.class.getName();
    private static final Logger LOG = Logger.getLogger(Database.class.getName());
    /** query_canceled: what PostgreSQL reports when statement_timeout cut a statement (rolled back). */
    private static final String CANCELLED = "57014";

    private volatile DataSource dataSource;
    private volatile EntityManagerFactory emf;
    private final PoolWaits poolWaits = new PoolWaits();

    public Database() {
    }

    /** For tests and tools that hold a DataSource already. */
    public Database(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public static Database of(ServletContext context) {
        return ofOrCreate(context);
    }

    /** The context's Database, made on first call (listeners run in no fixed order). */
    public static Database ofOrCreate(ServletContext context) {
        synchronized (context) {
            Database database = (Database) context.getAttribute(CONTEXT_KEY);
            if (database == null) {
                database = new Database();
                context.setAttribute(CONTEXT_KEY, database);
            }
            return database;
        }
    }

    public DataSource dataSource() {
        DataSource ds = dataSource;
        if (ds == null) {
            synchronized (this) {
                if (dataSource == null) {
                    try {
                        dataSource = (DataSource) new InitialContext().lookup(JNDI_NAME);
                    } catch (NamingException | ClassCastException e) {
                        throw new DataUnavailableException("datasource " + JNDI_NAME + " is not configured on this server", e);
                    }
                }
                ds = dataSource;
            }
        }
        return ds;
    }

    /** How long borrows wait for the pool (for /metrics). */
    public PoolWaits poolWaits() {
        return poolWaits;
    }

    public Connection connection() {
        try {
            return poolWaits.borrow(dataSource());
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    /**
     * A new EntityManager; the caller closes it. If the unit cannot log in (database down at first
     * use), the factory is dropped so that the next call builds it afresh.
     */
    public EntityManager entityManager() {
        EntityManagerFactory factory = emf;
        if (factory == null) {
            synchronized (this) {
                if (emf == null) {
                    emf = StoreUnit.create(dataSource());
                }
                factory = emf;
            }
        }
        try {
            return factory.createEntityManager();
        } catch (PersistenceException e) {
            synchronized (this) {
                if (emf == factory) {
                    emf = null;
                    closeQuietly(factory);
                }
            }
            throw unavailable(e);
        }
    }

    /** Wraps a database failure for the client, and logs its cause once for the operator. */
    public static DataUnavailableException unavailable(Exception cause) {
        LOG.log(Level.WARNING, "database call failed: " + cause);
        if (CANCELLED.equals(sqlState(cause))) {
            return new DataUnavailableException("the database did not finish in time (statement timeout); not applied", cause);
        }
        return new DataUnavailableException("database unavailable", cause);
    }

    /**
     * Classifies the failure of a write statement that was sent: if PostgreSQL itself reported that
     * it rolled the statement back (a statement timeout, a deadlock or serialization failure, a
     * lock not available), nothing was applied (503); any other failure (the connection broke or
     * timed out while it ran) leaves the outcome unknown (504).
     */
    public static RuntimeException writeFailed(SQLException cause) {
        String state = sqlState(cause);
        if (state != null && (state.equals(CANCELLED) || state.startsWith("40") || state.equals("55P03"))) {
            return unavailable(cause);
        }
        LOG.log(Level.WARNING, "database write failed without an answer: " + cause);
        return new OutcomeUnknownException("the database did not answer the update; its outcome is unknown", cause);
    }

    /** The SQLState of the first SQLException in the chain (JPA wraps the driver's twice), or null. */
    private static String sqlState(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                return sql.getSQLState();
            }
        }
        return null;
    }

    /** Closes JDBC resources whose work is done; a failure to close must not fail the request. */
    public static void closeQuietly(AutoCloseable... resources) {
        for (AutoCloseable resource : resources) {
            if (resource != null) {
                try {
                    resource.close();
                } catch (Exception e) {
                    LOG.log(Level.FINE, "closing " + resource.getClass().getSimpleName() + " failed", e);
                }
            }
        }
    }

    public void close() {
        EntityManagerFactory factory = emf;
        emf = null;
        if (factory != null) {
            closeQuietly(factory);
        }
    }

    private static void closeQuietly(EntityManagerFactory factory) {
        try {
            factory.close();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "closing the persistence unit failed", e);
        }
    }
}
