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
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.VirtualThreadPool;
import org.eclipse.jetty.xml.XmlConfiguration;
import org.jboss.arquillian.container.jetty.embedded_12_ee10.WebAppContextProcessor;
import org.jboss.shrinkwrap.api.Archive;

/**
 * Gives the embedded Jetty what a jetty-home installation gets from server-configs/jetty:
 * etc/trainyard-datasource.xml and etc/trainyard-errors.xml applied to the Server (the adapter already enables the env and plus
 * configurations that the ee10-plus module would), and for the virtual variant the thread pool of
 * virtual/start.d. The WAR is deployed as built; nothing is added.
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
                    apply(server, "trainyard-errors.xml");
                    applyHttpConfig(server);
                    if (System.getProperty("trainyard.variant", "platform").equals("virtual")) {
                        applyVirtualThreads(server);
                    }
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
        Properties settings = ini("start.d", "trainyard.ini");
        for (Connector connector : server.getConnectors()) {
            HttpConnectionFactory http = connector.getConnectionFactory(HttpConnectionFactory.class);
            if (http != null) {
                HttpConfiguration config = http.getHttpConfiguration();
                config.setSendServerVersion(Boolean.parseBoolean(settings.getProperty("jetty.httpConfig.sendServerVersion", "true")));
                config.setSendXPoweredBy(Boolean.parseBoolean(settings.getProperty("jetty.httpConfig.sendXPoweredBy", "false")));
            }
        }
    }

    /**
     * What server-configs/jetty/virtual gives a jetty-home installation (the threadpool-virtual
     * module): request handling on a {@link VirtualThreadPool} of at most
     * jetty.threadPool.virtual.maxThreads. The adapter starts its server before any processor
     * runs, and both the pool (which keeps no reserved platform threads once it has virtual ones)
     * and each connector's selectors read the virtual executor when they start: so they start
     * again with it, before any request has arrived. A pool given it while running still lets
     * its reserved platform threads run requests, which the suite's thread-kind check caught.
     */
    private static void applyVirtualThreads(Server server) {
        Properties settings = ini("virtual", "start.d", "threadpool-virtual.ini");
        String max = settings.getProperty("jetty.threadPool.virtual.maxThreads", "200");
        for (var shared : ServerSettings.load().entrySet()) {
            max = max.replace("${" + shared.getKey() + "}", shared.getValue());
        }
        try {
            QueuedThreadPool pool = (QueuedThreadPool) server.getThreadPool();
            VirtualThreadPool virtual = new VirtualThreadPool();
            virtual.setName(pool.getName() + "-virtual-");
            virtual.setMaxThreads(Integer.parseInt(max));
            virtual.start();
            for (Connector connector : server.getConnectors()) {
                connector.stop();
            }
            pool.stop();
            pool.setVirtualThreadsExecutor(virtual);
            pool.start();
            for (Connector connector : server.getConnectors()) {
                connector.start();
            }
        } catch (Exception e) {
            throw new IllegalStateException("virtual threads (maxThreads " + max + ") failed: " + e, e);
        }
    }

    /** A start.d file of server-configs/jetty, read as the properties it sets. */
    private static Properties ini(String... path) {
        Path ini = Path.of(System.getProperty(CONFIGS, "server-configs/jetty"), path);
        Properties settings = new Properties();
        try (InputStream in = Files.newInputStream(ini)) {
            settings.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("reading " + ini + " failed: " + e, e);
        }
        return settings;
    }

    /** An etc/ file that needs no properties, applied to the Server as jetty-home's module would. */
    private static void apply(Server server, String file) {
        Path xml = Path.of(System.getProperty(CONFIGS, "server-configs/jetty"), "etc", file);
        try {
            new XmlConfiguration(ResourceFactory.root().newResource(xml)).configure(server);
        } catch (Exception e) {
            throw new IllegalStateException("applying " + xml + " failed: " + e, e);
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
