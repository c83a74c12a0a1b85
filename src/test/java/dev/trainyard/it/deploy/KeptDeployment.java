package dev.trainyard.it.deploy;

import java.util.Set;
import java.util.TreeSet;
import org.jboss.arquillian.container.spi.client.container.DeploymentException;
import org.jboss.arquillian.container.spi.client.container.LifecycleException;
import org.jboss.arquillian.container.spi.client.protocol.metadata.ProtocolMetaData;
import org.jboss.arquillian.container.spi.event.DeployDeployment;
import org.jboss.arquillian.container.spi.event.UnDeployDeployment;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.arquillian.core.spi.EventContext;
import org.jboss.shrinkwrap.api.Archive;

/**
 * The suite's WAR deployed once for all its classes on a server the suite started: Arquillian's
 * JUnit 5 runner deploys each class's deployment before the class and undeploys it after, and
 * every class of the black-box suite deploys the same WAR, so a server would otherwise spend most
 * of a class's time redeploying what it just undeployed. The remote mode already runs every class
 * against one deployment, as users' servers do.
 *
 * <p>A class's managed deployment of the same archive (same name, same entries) is answered with
 * the deployment kept from the class before; its undeploy after the class leaves it in place. Any
 * other deployment (a test's own through Arquillian's {@code Deployer}, such as {@code UndeployIT}'s)
 * first really undeploys the kept one, and is deployed and undeployed as asked. The kept one is
 * undeployed before the server stops.
 */
public final class KeptDeployment {

    /** Whether the deployment under way is a class's managed one: set around Arquillian's deploy events. */
    private static final ThreadLocal<Boolean> MANAGED = ThreadLocal.withInitial(() -> false);

    /** The adapter's own deploy. */
    public interface Deploy {
        ProtocolMetaData deploy(Archive<?> archive) throws DeploymentException;
    }

    /** The adapter's own undeploy. */
    public interface Undeploy {
        void undeploy(Archive<?> archive) throws DeploymentException;
    }

    private record Kept(String name, Set<String> entries, Archive<?> archive, ProtocolMetaData metadata) {
    }

    private final Deploy deploy;
    private final Undeploy undeploy;
    private Kept kept;

    public KeptDeployment(Deploy deploy, Undeploy undeploy) {
        this.deploy = deploy;
        this.undeploy = undeploy;
    }

    public synchronized ProtocolMetaData deploy(Archive<?> archive) throws DeploymentException {
        boolean managed = MANAGED.get();
        if (kept != null) {
            if (managed && same(kept, archive)) {
                return kept.metadata();
            }
            release();
        }
        ProtocolMetaData metadata = deploy.deploy(archive);
        if (managed) {
            kept = new Kept(archive.getName(), entries(archive), archive, metadata);
        }
        return metadata;
    }

    public synchronized void undeploy(Archive<?> archive) throws DeploymentException {
        if (kept != null && MANAGED.get() && same(kept, archive)) {
            return;
        }
        undeploy.undeploy(archive);
    }

    /** Undeploys the kept deployment, if any: before another is deployed, and before the server stops. */
    public synchronized void release() throws DeploymentException {
        if (kept != null) {
            Archive<?> archive = kept.archive();
            kept = null;
            undeploy.undeploy(archive);
        }
    }

    /** What stops the adapter's server. */
    public interface Stop {
        void stop() throws LifecycleException;
    }

    /** Undeploys the kept deployment, then stops the server, whether or not the undeploy worked. */
    public static void stop(KeptDeployment kept, Stop stop) throws LifecycleException {
        try {
            kept.release();
        } catch (DeploymentException e) {
            stop.stop();
            throw new LifecycleException("undeploying the suite's WAR before the server stops failed: " + e.getMessage(), e);
        }
        stop.stop();
    }

    private static boolean same(Kept kept, Archive<?> archive) {
        return kept.name().equals(archive.getName()) && kept.entries().equals(entries(archive));
    }

    private static Set<String> entries(Archive<?> archive) {
        Set<String> paths = new TreeSet<>();
        archive.getContent().keySet().forEach(path -> paths.add(path.get()));
        return paths;
    }

    /** Marks the deploys and undeploys of classes' managed deployments for {@link KeptDeployment}. */
    public static class ManagedMark {

        public void deploy(@Observes EventContext<DeployDeployment> event) {
            within(event.getEvent().getDeployment().getDescription().managed(), event);
        }

        public void undeploy(@Observes EventContext<UnDeployDeployment> event) {
            within(event.getEvent().getDeployment().getDescription().managed(), event);
        }

        private static void within(boolean managed, EventContext<?> event) {
            MANAGED.set(managed);
            try {
                event.proceed();
            } finally {
                MANAGED.remove();
            }
        }
    }
}
