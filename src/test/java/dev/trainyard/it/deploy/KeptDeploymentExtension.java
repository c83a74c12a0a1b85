package dev.trainyard.it.deploy;

import dev.trainyard.it.remote.RemoteDeployment;
import java.util.Map;
import org.jboss.arquillian.container.spi.client.container.DeployableContainer;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Puts {@link KeptDeployment} in place of the adapter on the class path (each server's run of the
 * suite has one): its adapter class replaced by the subclass that keeps the WAR deployed. Against
 * a deployment the suite did not start, nothing: the remote mode deploys nothing.
 */
public class KeptDeploymentExtension implements LoadableExtension {

    /** Each adapter's container class, and the subclass that replaces it. */
    private static final Map<String, String> ADAPTERS = Map.of(
            "org.jboss.arquillian.container.tomcat.managed.Tomcat10ManagedContainer", "dev.trainyard.it.deploy.KeptTomcat",
            "org.jboss.arquillian.container.jetty.embedded_12_ee10.JettyEmbeddedContainer", "dev.trainyard.it.deploy.KeptJetty",
            "ee.omnifish.arquillian.container.glassfish.managed.GlassFishManagedDeployableContainer", "dev.trainyard.it.deploy.KeptGlassFish");

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void register(ExtensionBuilder builder) {
        if (RemoteDeployment.active()) {
            return;
        }
        ClassLoader loader = KeptDeploymentExtension.class.getClassLoader();
        ADAPTERS.forEach((adapter, kept) -> {
            Class<?> adapterClass;
            try {
                adapterClass = Class.forName(adapter, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                return;
            }
            try {
                builder.override(DeployableContainer.class, (Class) adapterClass, (Class) Class.forName(kept, false, loader));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("the suite's own adapter class " + kept + " is missing", e);
            }
            builder.observer(KeptDeployment.ManagedMark.class);
        });
    }
}
