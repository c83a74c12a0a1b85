package dev.trainyard.it.jetty;

import org.jboss.arquillian.container.jetty.embedded_12_ee10.WebAppContextProcessor;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Registers {@link ServerConfigsProcessor} with the embedded Jetty adapter. The same test class
 * path serves the Tomcat and GlassFish runs, where the Jetty adapter is absent: then it does nothing.
 */
public class JettyServerConfigsExtension implements LoadableExtension {

    private static final String PROCESSOR_API =
            "org.jboss.arquillian.container.jetty.embedded_12_ee10.WebAppContextProcessor";

    @Override
    public void register(ExtensionBuilder builder) {
        if (adapterPresent()) {
            builder.service(WebAppContextProcessor.class, ServerConfigsProcessor.class);
        }
    }

    private static boolean adapterPresent() {
        try {
            Class.forName(PROCESSOR_API, false, JettyServerConfigsExtension.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
