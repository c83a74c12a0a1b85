package dev.trainyard.it.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
