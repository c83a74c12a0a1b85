package dev.trainyard.it.remote;

import org.jboss.arquillian.container.spi.ConfigurationException;
import org.jboss.arquillian.container.spi.client.container.ContainerConfiguration;

/** arquillian-remote.xml's one property: the deployment's base URL (it.url). */
public class DeployedTrainyardConfiguration implements ContainerConfiguration {

    private String url;

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    @Override
    public void validate() throws ConfigurationException {
        if (url == null || !url.matches("https?://.+")) {
            throw new ConfigurationException("it.url must be the deployment's base URL, e.g. http://127.0.0.1:18180/trainyard, got '" + url + "'");
        }
    }
}
