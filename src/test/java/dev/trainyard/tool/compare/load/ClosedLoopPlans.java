package dev.trainyard.tool.compare.load;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the tests of the plans' client logic share: JMeter itself (the build's JMeter home), a
 * directory for each run's samples, and the closed-loop plans of jmeter/ they run one by one
 * ({@code @MethodSource("plans")}).
 */
public abstract class ClosedLoopPlans {

    protected static JMeterEngine engine;

    @TempDir
    protected Path dir;

    @BeforeAll
    static void jmeter() throws Exception {
        engine = new JMeterEngine(Path.of(System.getProperty("trainyard.jmeter.home", "target/jmeter")));
    }

    /**
     * A fixture server on a free loopback port that answers every request 200 with a small JSON
     * body, first telling {@code seen} of it; started, with its handlers on {@code handlers}.
     */
    static HttpServer answering(int backlog, Executor handlers, Consumer<HttpExchange> seen) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), backlog);
        server.setExecutor(handlers);
        server.createContext("/", exchange -> {
            seen.accept(exchange);
            byte[] body = "{\"id\":1,\"views\":1,\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return server;
    }

    static Stream<String> plans() {
        return Stream.of("hello", "sleep", "entry", "offload", "store", "products", "threads");
    }
}
