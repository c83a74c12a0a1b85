package dev.trainyard.it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trainyard.testdb.TestDatabase;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonStructure;
import java.io.File;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Base of the black-box suite: deploys the very trainyard.war that the build produced (one file
 * for all three servers) and talks to it over real HTTP, as a user would. The same classes run on
 * Tomcat, Jetty and GlassFish; which one is decided by the arquillian-*.xml the build selects.
 */
@ExtendWith(ArquillianExtension.class)
public abstract class EndpointTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .version(HttpClient.Version.HTTP_1_1)
            .build();

    @ArquillianResource
    protected URL base;

    @Deployment(testable = false)
    public static WebArchive trainyard() {
        File war = new File(System.getProperty("trainyard.war", "target/trainyard.war"));
        if (!war.isFile()) {
            throw new IllegalStateException(war.getAbsolutePath() + " is missing: run the package phase first");
        }
        return ShrinkWrap.createFromZipFile(WebArchive.class, war);
    }

    /**
     * A connection of our own to the server, for what the HTTP client cannot do (a small receive
     * window, a body sent before the answer is read, a request left half-read): plain TCP, or TLS
     * when the suite runs against an https URL (trusted as the JVM's default trust store says).
     *
     * @param receiveBuffer the socket's receive buffer in bytes, set before connecting; 0 leaves the system's
     */
    protected Socket connect(int receiveBuffer) throws IOException {
        Socket socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
        if (!base.getProtocol().equals("https")) {
            return socket;
        }
        SSLSocket tls = (SSLSocket) ((SSLSocketFactory) SSLSocketFactory.getDefault()).createSocket(socket, base.getHost(), base.getPort(), true);
        SSLParameters parameters = tls.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        tls.setSSLParameters(parameters);
        // Bounded: a listener that stalls its handshakes fails the test instead of holding it; the caller sets its own read bound.
        socket.setSoTimeout(10_000);
        tls.startHandshake();
        socket.setSoTimeout(0);
        return tls;
    }

    /**
     * Sends {@code bytes} on a connection of its own, closes its sending side if asked, and reads
     * what the server answers ({@link RawAnswers#read}: to the close, or one answer), 30 s at
     * most between reads.
     */
    protected String exchange(String bytes, boolean closeOurSide, boolean oneAnswer) throws IOException {
        try (Socket socket = connect(0)) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(bytes.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            if (closeOurSide) {
                socket.shutdownOutput();
            }
            return RawAnswers.read(socket, oneAnswer, () -> { });
        }
    }

    /** The Host header's value for a request of our own. */
    protected String host() {
        return base.getHost() + ":" + base.getPort();
    }

    /** The server the suite runs on (tomcat, jetty, glassfish), for messages. */
    protected static String server() {
        return System.getProperty("trainyard.server", "unknown");
    }

    /** The server's thread configuration under test (platform, virtual): its request threads' kind. */
    protected static String variant() {
        return System.getProperty("trainyard.variant", "platform");
    }

    protected URI uri(String pathAndQuery) {
        String root = base.toExternalForm();
        return URI.create((root.endsWith("/") ? root : root + "/") + pathAndQuery);
    }

    protected HttpResponse<String> get(String pathAndQuery, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(pathAndQuery)).timeout(Duration.ofSeconds(60)).GET();
        if (headers.length > 0) {
            request.headers(headers);
        }
        return send(request.build());
    }

    /** The same GET without waiting: for many requests in flight at once. */
    protected CompletableFuture<HttpResponse<String>> getAsync(String pathAndQuery) {
        return CLIENT.sendAsync(HttpRequest.newBuilder(uri(pathAndQuery)).timeout(Duration.ofSeconds(60)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The sum of the samples of a /metrics family whose labels include every one given
     * ({@code "command=\"entry\""}), 0 when there is none.
     */
    protected double metric(String family, String... labels) {
        double sum = 0;
        for (String line : get("metrics").body().split("\n")) {
            if (line.startsWith("#") || !(line.startsWith(family + " ") || line.startsWith(family + "{"))) {
                continue;
            }
            boolean all = true;
            for (String label : labels) {
                all &= line.substring(0, line.lastIndexOf(' ')).contains(label);
            }
            if (all) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return sum;
    }

    /**
     * Waits (bounded) until the server's open async requests fall to {@code level}: a request is
     * counted as closed just after its answer went out, so a client may be a moment ahead.
     */
    protected boolean openFallsTo(double level) throws InterruptedException {
        return fallsTo("trainyard_async_open_requests", level);
    }

    /**
     * Waits (bounded, 10 s) until the server is at rest as the comparison's settle defines it: no
     * async request open, no Train job queued or riding, no request thread busy but the one that
     * answers this scrape (the open-requests gauge alone misses threads held by slow bodies).
     * What is still in flight then, by gauge, when it is not.
     */
    public String settles() throws InterruptedException {
        String[] gauges = {"trainyard_async_open_requests", "trainyard_train_queue_depth", "trainyard_train_workers_busy", "trainyard_request_threads_busy"};
        double[] last = new double[gauges.length];
        boolean rest = becomes(() -> {
            double inFlight = -1; // this scrape's own request thread
            for (int i = 0; i < gauges.length; i++) {
                last[i] = metric(gauges[i]);
                inFlight += last[i];
            }
            return inFlight <= 0;
        }, 10);
        if (rest) {
            return null;
        }
        StringBuilder busy = new StringBuilder();
        for (int i = 0; i < gauges.length; i++) {
            busy.append(gauges[i]).append(' ').append(last[i]).append("; ");
        }
        return busy.toString();
    }

    /** Waits (bounded, 10 s) until a /metrics gauge falls to {@code level}. */
    protected boolean fallsTo(String family, double level) throws InterruptedException {
        return becomes(() -> metric(family) <= level, 10);
    }

    /** Waits (bounded, 30 s: a load the test builds up) until a /metrics gauge rises to {@code level}. */
    protected boolean risesTo(String family, double level) throws InterruptedException {
        return becomes(() -> metric(family) >= level, 30);
    }

    /** Waits (bounded, {@code seconds}) until {@code condition} holds, looking ten times a second. */
    protected static boolean becomes(java.util.function.BooleanSupplier condition, int seconds) throws InterruptedException {
        for (int i = 0; i < seconds * 10; i++) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    protected HttpResponse<String> request(String method, String pathAndQuery) {
        return send(HttpRequest.newBuilder(uri(pathAndQuery)).timeout(Duration.ofSeconds(60))
                .method(method, HttpRequest.BodyPublishers.noBody()).build());
    }

    /**
     * Sends and waits for the whole answer, its body included, within the request's timeout: the
     * JDK's own timeout stops at the headers (until JDK 26), so a body that stalls half-way would
     * hold a test until the fork's own limit.
     */
    protected static HttpResponse<String> send(HttpRequest request) {
        Duration bound = request.timeout().orElse(Duration.ofSeconds(60));
        CompletableFuture<HttpResponse<String>> answer = CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        try {
            return answer.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw new UncheckedIOException(new HttpTimeoutException(request.method() + " " + request.uri()
                    + ": no whole answer within " + bound.toSeconds() + " s"));
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? new UncheckedIOException(io) : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    protected static JsonObject object(HttpResponse<String> response) {
        return (JsonObject) parse(response.body());
    }

    protected static JsonArray array(HttpResponse<String> response) {
        return (JsonArray) parse(response.body());
    }

    private static JsonStructure parse(String body) {
        try (JsonReader reader = Json.createReader(new StringReader(body))) {
            return reader.read();
        }
    }

    /** A direct connection to the test database, to check what the server wrote. */
    protected static Connection database() throws SQLException {
        return TestDatabase.settings().connect();
    }

    /** GET that must answer 200. */
    protected HttpResponse<String> ok(String path) {
        HttpResponse<String> response = get(path);
        assertEquals(200, response.statusCode(), path + " on " + server() + ": " + response.body());
        return response;
    }

    /** The same GET from n clients at once; every answer, in order sent. */
    protected List<HttpResponse<String>> concurrently(int n, String path) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(n);
        try {
            List<Future<HttpResponse<String>>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                futures.add(clients.submit(() -> get(path)));
            }
            List<HttpResponse<String>> answers = new ArrayList<>();
            for (Future<HttpResponse<String>> f : futures) {
                answers.add(f.get());
            }
            return answers;
        } finally {
            clients.shutdownNow();
        }
    }
}
