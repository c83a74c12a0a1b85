package dev.trainyard.configs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.config.DbLimits;
import dev.trainyard.config.DbPool;
import dev.trainyard.config.Setting;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The values a fair comparison holds equal are defined once, in server-configs/trainyard.properties.
 * Tomcat's and Jetty's files refer to them by name (their fallbacks must agree); GlassFish's asadmin
 * files must spell them out (it validates those attributes as numbers), so they are checked here.
 */
class ServerConfigsTest {

    private static final Path CONFIGS = Path.of(System.getProperty("trainyard.configs", "server-configs"));
    private static Properties shared;

    @BeforeAll
    static void load() throws IOException {
        shared = new Properties();
        try (InputStream in = Files.newInputStream(CONFIGS.resolve("trainyard.properties"))) {
            shared.load(in);
        }
    }

    @Test
    void tomcatAndJettyFallbacksAgreeWithTheSharedValues() throws IOException {
        List<String> checked = new ArrayList<>();
        for (String file : List.of("tomcat/conf/server.xml", "tomcat/virtual/conf/server.xml", "tomcat/conf/context.xml",
                "tomcat/tls/conf/trainyard-tls.xml")) {
            Matcher m = Pattern.compile("\\$\\{(trainyard\\.(?:https?|jdbc|shutdown|tls)\\.[A-Za-z]+):-([^}]*)}").matcher(read(file));
            while (m.find()) {
                if (shared.containsKey(m.group(1))) {
                    assertEquals(shared.getProperty(m.group(1)), m.group(2), file + ": fallback of " + m.group(1));
                    checked.add(m.group(1));
                }
            }
        }
        Matcher jetty = Pattern.compile("<Property name=\"(trainyard\\.[a-z]+\\.[A-Za-z]+)\" default=\"([^\"]*)\"/>")
                .matcher(read("jetty/etc/trainyard-datasource.xml"));
        while (jetty.find()) {
            assertEquals(shared.getProperty(jetty.group(1)), jetty.group(2), "jetty: fallback of " + jetty.group(1));
            checked.add(jetty.group(1));
        }
        assertTrue(checked.containsAll(List.of("trainyard.http.threads", "trainyard.http.maxKeepAliveRequests", "trainyard.jdbc.poolSize", "trainyard.jdbc.maxWaitMillis",
                "trainyard.shutdown.graceMillis", "trainyard.https.port", "trainyard.tls.keystore", "trainyard.tls.passwordFile")),
                checked.toString());
    }

    @Test
    void jettyIniReferencesOnlySharedNames() throws IOException {
        for (String file : List.of("jetty/start.d/trainyard.ini", "jetty/virtual/start.d/threadpool-virtual.ini",
                "jetty/tls/start.d/trainyard-tls.ini")) {
            Matcher m = Pattern.compile("\\$\\{([^}]+)}").matcher(read(file));
            while (m.find()) {
                assertTrue(shared.containsKey(m.group(1)), file + " refers to " + m.group(1) + ", not in trainyard.properties");
            }
        }
    }

    @Test
    void glassFishSpellsOutTheSharedValues() throws IOException {
        String tuning = read("glassfish/trainyard-tuning.asadmin");
        String jdbc = read("glassfish/trainyard-jdbc.asadmin");
        Map<String, String> expected = Map.of(
                "http-thread-pool.max-thread-pool-size=", shared.getProperty("trainyard.http.threads"),
                "http-thread-pool.min-thread-pool-size=", shared.getProperty("trainyard.http.minThreads"),
                "http-thread-pool.max-queue-size=", shared.getProperty("trainyard.http.maxConnections"),
                "tcp.max-connections-count=", shared.getProperty("trainyard.http.acceptQueue"),
                "http.max-connections=", shared.getProperty("trainyard.http.maxKeepAliveRequests"),
                "http.timeout-seconds=", Integer.toString(Integer.parseInt(shared.getProperty("trainyard.http.idleTimeoutMillis")) / 1000));
        expected.forEach((attribute, value) -> assertTrue(tuning.contains(attribute + value + "\n"),
                "glassfish tuning: " + attribute + value));
        assertTrue(jdbc.contains("--maxpoolsize=" + shared.getProperty("trainyard.jdbc.poolSize") + " "));
        assertTrue(jdbc.contains("--steadypoolsize=" + shared.getProperty("trainyard.jdbc.minIdle") + " "));
        assertTrue(jdbc.contains("--maxwait=" + shared.getProperty("trainyard.jdbc.maxWaitMillis") + " "));
    }

    @Test
    void glassFishReadsTheDriverBoundsByName() throws IOException {
        String jdbc = read("glassfish/trainyard-jdbc.asadmin");
        Matcher m = Pattern.compile("\\$\\{(trainyard\\.jdbc\\.[A-Za-z]+)}").matcher(jdbc);
        List<String> named = new ArrayList<>();
        while (m.find()) {
            assertTrue(shared.containsKey(m.group(1)), "glassfish refers to " + m.group(1) + ", not in trainyard.properties");
            named.add(m.group(1));
        }
        assertTrue(named.containsAll(List.of("trainyard.jdbc.statementTimeoutMillis", "trainyard.jdbc.socketTimeoutSeconds",
                "trainyard.jdbc.connectTimeoutSeconds")), named.toString());
    }

    @Test
    void theWarsDefaultsAreTheSharedValues() throws IOException {
        // Where a server does not hand the WAR the shared values, it falls back on its own defaults:
        // they must be the same, or its derived timeouts would not fit the pool's real bounds, and the
        // R2DBC pool, built to the JDBC pools' measure, would not match them.
        List<String> checked = new ArrayList<>();
        for (Setting setting : Setting.values()) {
            if (shared.containsKey(setting.key())) {
                assertEquals(shared.getProperty(setting.key()), setting.defaultText(), setting.key());
                checked.add(setting.key());
            }
        }
        assertTrue(checked.containsAll(List.of("trainyard.jdbc.poolSize", "trainyard.jdbc.maxWaitMillis",
                "trainyard.jdbc.statementTimeoutMillis", "trainyard.shutdown.graceMillis")), checked.toString());
        assertTrue(Integer.parseInt(shared.getProperty("trainyard.jdbc.socketTimeoutSeconds")) * 1000
                > DbLimits.DEFAULTS.statementTimeoutMillis(), "the socket timeout is above the statement timeout");
        DbPool pool = DbPool.DEFAULTS;
        assertTrue(read("tomcat/conf/context.xml").contains("${trainyard.db.url:-" + pool.url() + "}"), "the same database by default");
        assertTrue(read("tomcat/conf/context.xml").contains("${trainyard.db.user:-" + pool.user() + "}"), "the same user by default");
    }

    @Test
    void noSecretIsCommitted() throws IOException {
        for (String file : List.of("tomcat/conf/context.xml", "jetty/etc/trainyard-datasource.xml", "glassfish/trainyard-jdbc.asadmin",
                "tomcat/tls/conf/trainyard-tls.xml", "jetty/tls/start.d/trainyard-tls.ini", "glassfish/tls/trainyard-tls.asadmin")) {
            String text = read(file);
            assertFalse(Pattern.compile("password=\"(?!\\$\\{)[^\"]+\"").matcher(text).find(), file);
            assertFalse(Pattern.compile("password=(?![\"$])[^\\s:]+").matcher(text).find(), file);
            assertFalse(Pattern.compile("(?i)keystorepass(word)?=").matcher(text).find(), file + " holds a keystore password");
        }
    }

    private static String read(String file) throws IOException {
        return Files.readString(CONFIGS.resolve(file));
    }
}
