package dev.trainyard.it.deploy;

import org.jboss.arquillian.container.tomcat.managed.Tomcat10ManagedContainer;
import org.jboss.arquillian.container.spi.client.container.DeploymentException;
import org.jboss.arquillian.container.spi.client.container.LifecycleException;
import org.jboss.arquillian.container.spi.client.protocol.metadata.ProtocolMetaData;
import org.jboss.shrinkwrap.api.Archive;

/** The managed Tomcat adapter, with the suite's WAR kept deployed across classes ({@link KeptDeployment}). */
public class KeptTomcat extends Tomcat10ManagedContainer {

    private final KeptDeployment kept = new KeptDeployment(super::deploy, super::undeploy);

    @Override
    public ProtocolMetaData deploy(Archive archive) throws DeploymentException {
        return kept.deploy(archive);
    }

    @Override
    public void undeploy(Archive archive) throws DeploymentException {
        kept.undeploy(archive);
    }

    @Override
    public void stop() throws LifecycleException {
        KeptDeployment.stop(kept, super::stop);
    }
}
