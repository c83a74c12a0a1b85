package dev.trainyard.data;

import jakarta.persistence.EntityManagerFactory;
import java.util.Map;
import javax.sql.DataSource;
import org.eclipse.persistence.config.PersistenceUnitProperties;
import org.eclipse.persistence.jpa.PersistenceProvider;

/**
 * Builds the store's JPA unit on the server's DataSource.
 *
 * <p>The unit lives in META-INF/trainyard-persistence.xml rather than persistence.xml on purpose:
 * a full Jakarta EE server (GlassFish) deploys every persistence.xml it finds and, with no JTA
 * data source named, binds it to its own default database. Under another name the container
 * leaves it alone and all three servers run the same bootstrap: EclipseLink, handed the pool.
 */
final class StoreUnit {

    static final String NAME = "trainyard-store";
    static final String DESCRIPTOR = "META-INF/trainyard-persistence.xml";

    private StoreUnit() {
    }

    /**
     * The unit, found with the WAR's own class loader: EclipseLink otherwise looks for the
     * descriptor through the calling thread's context class loader, which is not the WAR's on
     * every thread that may run the first store query (once on Tomcat, every store query of a
     * deployment then failed: no such unit).
     */
    static EntityManagerFactory create(DataSource dataSource) {
        Map<String, Object> properties = Map.of(
                PersistenceUnitProperties.ECLIPSELINK_PERSISTENCE_XML, DESCRIPTOR,
                PersistenceUnitProperties.NON_JTA_DATASOURCE, dataSource,
                PersistenceUnitProperties.CLASSLOADER, StoreUnit.class.getClassLoader());
        EntityManagerFactory factory = new PersistenceProvider().createEntityManagerFactory(NAME, properties);
        if (factory == null) {
            throw new IllegalStateException(DESCRIPTOR + " does not define unit " + NAME);
        }
        return factory;
    }
}
