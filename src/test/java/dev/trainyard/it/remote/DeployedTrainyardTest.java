package dev.trainyard.it.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jboss.arquillian.container.spi.ConfigurationException;
import org.jboss.arquillian.container.spi.client.protocol.metadata.HTTPContext;
import org.junit.jupiter.api.Test;

class DeployedTrainyardTest {

    @Test
    void theTestsGetTheGivenUrlAsTheirBase() {
        assertEquals("http://127.0.0.1:18180/trainyard/", base("http://127.0.0.1:18180/trainyard"));
        assertEquals("http://127.0.0.1:18180/trainyard/", base("http://127.0.0.1:18180/trainyard/"));
        assertEquals("https://lb.example:443/apps/trainyard/", base("https://lb.example/apps/trainyard"));
        assertEquals("http://lb.example:80/", base("http://lb.example"));
    }

    @Test
    void aUrlThatIsNoneIsRefused() {
        DeployedTrainyardConfiguration configuration = new DeployedTrainyardConfiguration();
        configuration.setUrl("127.0.0.1:18180/trainyard");
        assertThrows(ConfigurationException.class, configuration::validate);
    }

    private static String base(String url) {
        DeployedTrainyardConfiguration configuration = new DeployedTrainyardConfiguration();
        configuration.setUrl(url);
        configuration.validate();
        DeployedTrainyard container = new DeployedTrainyard();
        container.setup(configuration);
        HTTPContext context = container.deploy((org.jboss.shrinkwrap.api.Archive<?>) null).getContexts(HTTPContext.class).iterator().next();
        return context.getServlets().get(0).getBaseURI().toString();
    }
}
