package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.DESTRUCTIVE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.Needs;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * /metrics tells what the server really runs with: the kind of thread that served the scrape (and
 * the response header agrees), and, where the server exposes them, the request thread bound and
 * the JDBC pool size from server-configs/trainyard.properties; the CPU and memory its process
 * uses; and every borrow from the pool, with the time it waited.
 */
class ServerLimitsIT extends EndpointTest {

    @Test
    void metricsShowTheThreadModelAndTheEffectiveLimits() {
        HttpResponse<String> response = get("metrics");
        assertEquals(200, response.statusCode());
        String type = response.headers().firstValue("Content-Type").orElse("").replace(" ", "");
        assertTrue(type.startsWith("text/plain;version=0.0.4"), "Prometheus text format: " + type);
        String body = response.body();
        double virtual = value(body, "trainyard_request_thread_virtual");
        assertEquals(virtual == 1 ? "virtual" : "platform", response.headers().firstValue("X-Trainyard-Thread").orElse(""));
        switch (server()) {
            case "tomcat" -> {
                // The platform server.xml's maxThreads is the shared value; the virtual one hands
                // requests to an executor without a thread bound, which Tomcat reports as -1.
                assertEquals(variant().equals("virtual") ? -1 : 200, value(body, "trainyard_server_request_threads_max{source=\"tomcat\"}"));
                assertEquals(8192, value(body, "trainyard_server_max_connections{source=\"tomcat\"}"));
                assertEquals(20, value(body, "trainyard_db_pool_max_connections"));
            }
            case "jetty" -> assertEquals(20, value(body, "trainyard_db_pool_max_connections"));
            default -> assertTrue(body.contains("trainyard_jvm_threads_live"), "GlassFish exposes neither bound to the WAR");
        }
        // The footprint the comparison reports per cell: the process's resident memory (Linux) and the heap in use.
        assertTrue(value(body, "trainyard_jvm_heap_used_bytes") > 0, "a running server has heap in use");
        assertTrue(value(body, "process_resident_memory_bytes") > 32 * 1024 * 1024, "a JVM serving a WAR resides in more than 32 MiB");
        // Whether a server is still warming up reads off it: one that has deployed a WAR has compiled.
        assertTrue(value(body, "jvm_compilation_time_seconds_total") > 0, "a server that deployed a WAR has JIT-compiled");
        assertTrue(value(body, "jvm_gc_collection_seconds_total") >= 0, "the collectors' time is there on every server, if only zero");
    }

    @Test
    void metricsCountTheServerProcessCpuThatWorkCosts() {
        // The products benchmark divides this counter's growth by the bytes sent, so it must
        // exist on every server and move with the server's own work, not stand still.
        double before = value(get("metrics").body(), "process_cpu_seconds_total");
        assertTrue(before > 0, "a running server has used CPU: " + before);
        HttpResponse<String> products = get("blocking/products?count=20000");
        assertEquals(200, products.statusCode());
        double after = value(get("metrics").body(), "process_cpu_seconds_total");
        assertTrue(after > before, "encoding " + products.body().length() + " chars of products costs CPU: "
                + before + " -> " + after);
    }

    @Needs(DESTRUCTIVE)
    @Test
    void metricsCountEveryBorrowFromThePoolAndItsWait() {
        // The comparison divides the wait's growth by a cell's length: borrows waiting at once, on every thread model.
        String before = get("metrics").body();
        HttpResponse<String> entry = get("blocking/entry?id=1");
        assertEquals(200, entry.statusCode(), entry.body());
        String after = get("metrics").body();
        assertTrue(value(after, "trainyard_db_connections_borrowed_total") >= value(before, "trainyard_db_connections_borrowed_total") + 1,
                "the entry borrowed a connection");
        assertTrue(value(after, "trainyard_db_connection_wait_seconds_total") > value(before, "trainyard_db_connection_wait_seconds_total"),
                "a borrow takes time, its check included");
        assertTrue(value(after, "trainyard_db_connection_waiting") >= 0);
    }

    private static double value(String body, String series) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(body);
        assertTrue(m.find(), series + " missing from /metrics");
        return Double.parseDouble(m.group(1));
    }
}
