package dev.trainyard.metrics;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.Set;
import java.util.function.Supplier;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.sql.DataSource;

/**
 * The limits a server variant really runs with, read from the server itself rather than from its
 * configuration files, so that a user (and the tests) can check that the tuning took effect:
 * the request thread pool (Tomcat's executor and Jetty's pool, from their JMX beans), the connection limit (Tomcat), and the
 * size of the JDBC pool behind jdbc/trainyard (DBCP2's or HikariCP's own getter). What a server
 * does not expose is left out rather than guessed.
 */
public final class ServerLimits implements MetricSource {

    private final Supplier<DataSource> dataSource;
    private final MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();

    /** {@code dataSource}: the WAR's pool, looked up when first asked for (it may be missing). */
    public ServerLimits(Supplier<DataSource> dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public void writeTo(PrometheusText out) {
        // Tomcat's request executor, shared by its connectors, holds the bound (its connectors then
        // report -1); a virtual-thread executor has none, and its connectors' -1 stands.
        Number threads = firstAttribute("Catalina:type=Executor,name=*", "maxThreads");
        if (threads == null) {
            threads = firstAttribute("Catalina:type=ThreadPool,name=*", "maxThreads");
        }
        String source = "tomcat";
        if (threads == null) {
            threads = firstAttribute("org.eclipse.jetty.util.thread:type=queuedthreadpool,*", "maxThreads");
            source = "jetty";
        }
        if (threads != null) {
            out.family("trainyard_server_request_threads_max", "gauge",
                    "The server's request thread pool bound, read from its JMX bean (-1: an executor decides)")
                    .sample("trainyard_server_request_threads_max", threads.doubleValue(), "source", source);
        }
        Number connections = firstAttribute("Catalina:type=ThreadPool,name=*", "maxConnections");
        if (connections != null) {
            out.family("trainyard_server_max_connections", "gauge", "Connections the server holds open at once")
                    .sample("trainyard_server_max_connections", connections.doubleValue(), "source", "tomcat");
        }
        Number pool = poolSize();
        if (pool != null) {
            out.family("trainyard_db_pool_max_connections", "gauge", "Size of the server's pool behind jdbc/trainyard")
                    .sample("trainyard_db_pool_max_connections", pool.doubleValue());
        }
    }

    private Number firstAttribute(String pattern, String attribute) {
        try {
            Set<ObjectName> names = jmx.queryNames(new ObjectName(pattern), null);
            for (ObjectName name : names) {
                Object value = jmx.getAttribute(name, attribute);
                if (value instanceof Number n) {
                    return n;
                }
            }
        } catch (Exception | LinkageError e) {
            // Not this server, or not exposed: leave it out.
        }
        return null;
    }

    /** DBCP2 (Tomcat) has getMaxTotal, HikariCP (Jetty) getMaximumPoolSize; GlassFish's wrapper neither. */
    private Number poolSize() {
        try {
            DataSource ds = dataSource.get();
            for (String getter : new String[] {"getMaxTotal", "getMaximumPoolSize", "getMaxActive"}) {
                try {
                    Method m = ds.getClass().getMethod(getter);
                    Object value = m.invoke(ds);
                    if (value instanceof Number n) {
                        return n;
                    }
                } catch (NoSuchMethodException e) {
                    // Try the next pool's getter.
                }
            }
        } catch (Exception | LinkageError e) {
            // No data source bound, or a pool that does not say.
        }
        return null;
    }
}
