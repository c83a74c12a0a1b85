package dev.trainyard.it.jetty;

import dev.trainyard.it.support.ServerSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Properties;
import java.util.Set;
import java.util.WeakHashMap;
import org.eclipse.jetty.ee10.webapp.WebAppContext;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.component.LifeCycle;
import org.eclipse.jetty.util.resource.ResourceFactory;
import org.eclipse.jetty.xml.XmlConfiguration;
import org.jboss.arquillian.container.jetty.embedded_12_ee10.WebAppContextProcessor;
import org.jboss.shrinkwrap.api.Archive;

/**
 * Gives the embedded Jetty what a jetty-home installation gets from server-configs/jetty:
 * etc/trainyard-datasource.xml applied to the Server (the adapter already enables the env and plus
 * configurations that the ee10-plus module would). The WAR is deployed as built; nothing is added.
 *
 * <p>The adapter calls processors before the context joins the server, so the XML is applied when
 * the context starts: after it has a server, before its configurations resolve the resource-ref.
 */
public class ServerConfigsProcessor implements WebAppContextProcessor {

    static final String CONFIGS = "jetty.configs";
    private static final Set<Server> CONFIGURED = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    @Override
    public void process(WebAppContext context, Archive<?> archive) {
        context.addEventListener(new LifeCycle.Listener() {
            @Override
            public void lifeCycleStarting(LifeCycle event) {
                Server server = context.getServer();
                if (server != null && CONFIGURED.add(server)) {
                    applyDataSource(server);
                    applyHttpConfig(server);
                }
            }
        });
    }

    /**
     * What jetty.base's start.d/trainyard.ini sets on the HTTP configuration (no Server header, no
     * X-Powered-By), applied to the embedded server's connectors: jetty.xml does it from those
     * properties in a jetty-home installation.
     */
    private static void applyHttpConfig(Server server) {
        Path ini = Path.of(System.getProperty(CONFIGS, "server-configs/jetty"), "start.d", "trainyard.ini");
        Properties settings = new Properties();
        try (InputStream in = Files.newInputStream(ini)) {
            settings.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("reading " + ini + " failed: " + e, e);
        }
        for (Connector connector : server.getConnectors()) {
            HttpConnectionFactory http = connector.getConnectionFactory(HttpConnectionFactory.class);
            if (http != null) {
                HttpConfiguration config = http.getHttpConfiguration();
                config.setSendServerVersion(Boolean.parseBoolean(settings.getProperty("jetty.httpConfig.sendServerVersion", "true")));
                config.setSendXPoweredBy(Boolean.parseBoolean(settings.getProperty("jetty.httpConfig.sendXPoweredBy", "false")));
            }
        }
    }

    private static void applyDataSource(Server server) {
        Path xml = Path.of(System.getProperty(CONFIGS, "server-configs/jetty"), "etc", "trainyard-datasource.xml");
        if (!Files.isRegularFile(xml)) {
            throw new IllegalStateException("Jetty data source configuration not found: " + xml.toAbsolutePath());
        }
        try {
            XmlConfiguration configuration = new XmlConfiguration(ResourceFactory.root().newResource(xml));
            // What jetty.base/start.d/trainyard-shared.ini gives a jetty-home installation, with the
            // suite's own settings over it, as the other servers get them.
            configuration.getProperties().putAll(ServerSettings.load());
            configuration.configure(server);
        } catch (Exception e) {
            throw new IllegalStateException("applying " + xml + " failed: " + e, e);
        }
    }
}
