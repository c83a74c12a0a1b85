package dev.trainyard.it.remote;

import org.jboss.arquillian.container.spi.client.container.DeployableContainer;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Registers {@link DeployedTrainyard} when the suite runs against a deployment (it.url is set).
 * The same test class path serves the managed servers' runs, where it does nothing: Arquillian
 * refuses two containers.
 */
public class RemoteExtension implements LoadableExtension {

    @Override
    public void register(ExtensionBuilder builder) {
        if (RemoteDeployment.active()) {
            builder.service(DeployableContainer.class, DeployedTrainyard.class);
        }
    }
}
