package dev.trainyard.data.store;

import dev.trainyard.data.Database;
import dev.trainyard.data.QueryArgs;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceException;
import org.eclipse.persistence.exceptions.EclipseLinkException;

/** Runs a store query on a fresh EntityManager and maps database faults to one exception. */
public final class StoreQueries {

    private final Database database;

    public StoreQueries(Database database) {
        this.database = database;
    }

    public Table run(StoreQuery query, QueryArgs args) {
        return run(query.bind(args));
    }

    /** Runs a query whose arguments were validated already (the async style binds on the request thread). */
    public Table run(StoreQuery.Bound bound) {
        try (EntityManager em = database.entityManager()) {
            return bound.run(em);
        } catch (PersistenceException | EclipseLinkException e) {
            // EclipseLink raises its own DatabaseException from some calls (find) instead of JPA's.
            throw Database.unavailable(e);
        }
    }
}
