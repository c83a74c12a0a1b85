package dev.trainyard.it.jetty;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import dev.trainyard.it.support.ServerSettings;
import org.eclipse.jetty.ee10.webapp.WebAppContext;
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
                }
            }
        });
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
