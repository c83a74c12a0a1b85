package dev.trainyard.it.remote;

import java.net.URI;
import org.jboss.arquillian.container.spi.client.container.DeployableContainer;
import org.jboss.arquillian.container.spi.client.protocol.ProtocolDescription;
import org.jboss.arquillian.container.spi.client.protocol.metadata.HTTPContext;
import org.jboss.arquillian.container.spi.client.protocol.metadata.ProtocolMetaData;
import org.jboss.arquillian.container.spi.client.protocol.metadata.Servlet;
import org.jboss.shrinkwrap.api.Archive;

/**
 * Arquillian's container for a Trainyard that is already deployed (its own Tomcat, a GlassFish
 * domain, a container): nothing is started or deployed; the suite's {@code @ArquillianResource URL}
 * is the configured one. {@link RemoteDeployment} has checked before the first test that it
 * answers as Trainyard, so a wrong URL is one message, not one failure per test class.
 */
public class DeployedTrainyard implements DeployableContainer<DeployedTrainyardConfiguration> {

    private URI url;

    @Override
    public Class<DeployedTrainyardConfiguration> getConfigurationClass() {
        return DeployedTrainyardConfiguration.class;
    }

    @Override
    public void setup(DeployedTrainyardConfiguration configuration) {
        url = URI.create(configuration.getUrl());
    }

    @Override
    public ProtocolDescription getDefaultProtocol() {
        // The suite's deployments are testable=false: nothing runs inside the server.
        return new ProtocolDescription("Local");
    }

    @Override
    public ProtocolMetaData deploy(Archive<?> archive) {
        boolean secure = url.getScheme().equals("https");
        int port = url.getPort() != -1 ? url.getPort() : secure ? 443 : 80;
        String path = url.getPath() == null ? "" : url.getPath().replaceAll("/+$", "");
        return new ProtocolMetaData().addContext(
                new HTTPContext(url.getHost(), port, secure).add(new Servlet("trainyard", path.isEmpty() ? "/" : path)));
    }

    @Override
    public void undeploy(Archive<?> archive) {
        // Deployed by its owners, and left to them.
    }
}
