package dev.trainyard.it.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.trainyard.testdb.TestDatabase;
import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RemoteDeploymentTest {

    private static final String METRICS = """
            # TYPE trainyard_request_thread_virtual gauge
            trainyard_request_thread_virtual 1
            trainyard_server_request_threads_max{source="jetty"} 200
            trainyard_setting{name="trainyard.async.timeoutMillis"} 30000
            trainyard_setting{name="trainyard.train.queue"} 50.0
            """;

    @Test
    void readsTheSettingsInEffect() {
        assertEquals(Map.of("trainyard.async.timeoutMillis", "30000", "trainyard.train.queue", "50"), RemoteDeployment.settings(METRICS));
    }

    @Test
    void namesEverySettingTheDeploymentRunsOtherwiseAndOnlyThose() {
        Map<String, String> differing = RemoteDeployment.compare(RemoteDeployment.settings(METRICS),
                Map.of("trainyard.async.timeoutMillis", "2000", "trainyard.train.queue", "50 ", "trainyard.jdbc.socketTimeoutSeconds", "12"));
        assertEquals(Map.of("trainyard.async.timeoutMillis", "the deployment runs 30000, the suite's settings 2000"), differing);
    }

    @Test
    void whereTheDeploymentListensIsNoSettingOfTheSuites() {
        Map<String, String> differing = RemoteDeployment.compare(
                Map.of("trainyard.https.port", "18190", "trainyard.http.address", "0.0.0.0", "trainyard.train.queue", "50"),
                Map.of("trainyard.https.port", "18443", "trainyard.http.address", "127.0.0.1", "trainyard.train.queue", "20"));
        assertEquals(Set.of("trainyard.train.queue"), differing.keySet());
    }

    @Test
    void knowsTheServerByItsThreadPoolBean() {
        assertEquals("jetty", RemoteDeployment.server(METRICS));
        assertEquals("tomcat", RemoteDeployment.server("trainyard_server_request_threads_max{source=\"tomcat\"} -1\n"));
        assertEquals("glassfish", RemoteDeployment.server("trainyard_jvm_threads_live 80\n"));
    }

    // The refusals before the first test, each one line; CI sees one of them through Maven too.

    @Test
    void refusesAUrlWhereNothingListens() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + "/trainyard";
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> RemoteDeployment.metrics(url));
        assertEquals("it.url=" + url + " cannot be reached: nothing accepts a connection there", refused.getMessage());
    }

    @Test
    void refusesAUrlThatIsNotTrainyard() throws IOException {
        HttpServer other = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        other.createContext("/", exchange -> {
            byte[] body = "<html>not here</html>".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(404, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        other.start();
        try {
            String url = "http://127.0.0.1:" + other.getAddress().getPort() + "/nothing";
            IllegalStateException refused = assertThrows(IllegalStateException.class, () -> RemoteDeployment.metrics(url));
            assertEquals("it.url=" + url + " is not Trainyard: " + url + "/metrics answered 404 without Trainyard's metrics"
                    + " (is the URL the WAR's context root?)", refused.getMessage());
        } finally {
            other.stop(0);
        }
    }

    @Test
    void refusesADatabaseThatRefusesTheSuitesCredentials() {
        DbSettings db = TestDatabase.settings();
        RemoteDeployment.checkDatabase(db);
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> RemoteDeployment.checkDatabase(new DbSettings(db.url(), db.user(), "wrong")));
        assertTrue(refused.getMessage().startsWith("the database " + db.url() + " refused the suite's connection: FATAL: password authentication failed"),
                refused.getMessage());
        assertFalse(refused.getMessage().contains("\n"), "one line: " + refused.getMessage());
    }
}
