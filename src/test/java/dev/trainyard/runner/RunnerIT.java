package dev.trainyard.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.FaultTable;
import dev.trainyard.it.support.RowLock;
import dev.trainyard.it.support.Tally;
import dev.trainyard.testdb.TestDatabase;
import dev.trainyard.it.support.Views;
import dev.trainyard.tool.run.Server;
import dev.trainyard.tool.run.TlsKeystore;
import dev.trainyard.tool.run.Tuning;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each server as users run it: laid out and started by the runner from server-configs/, with
 * production settings (the suite's short bounds are not applied here), over HTTPS beside plain HTTP
 * (-Dprotocol=https: server-configs/&lt;server&gt;/tls laid over its configuration and a self-signed
 * PKCS12 keystore made for the run), and tuned as an operator tunes it (-Dthreads=50 -Dpool=40).
 * One start per server answers every question; the stop comes last. What does it expose, and what
 * happens when it is stopped with requests in flight?
 * <ul>
 * <li>its processes listen on loopback only (GlassFish's IIOP, JMS and JMX included; no Tomcat
 *     shutdown port);</li>
 * <li>an admin interface refuses a call without credentials (GlassFish's REST admin);</li>
 * <li>the database password (random, per run) is in no file the server writes, no log, no
 *     process's command line and no server process's environment;</li>
 * <li>it took its tuning: Tomcat and Jetty read it from the shared file and the WAR reports it on
 *     /metrics; GlassFish's asadmin files hold literal sizes, changed with asadmin set, and
 *     asadmin reports them;</li>
 * <li>over TLS: every style over HTTP/2 negotiated by ALPN and over HTTP/1.1, a certificate that
 *     names the address and localhost, plain HTTP and TLS 1.1 on the TLS port turned away, the
 *     certificate's end on /metrics; the clients trust that one certificate (read from the PEM the
 *     runner writes for curl) and nothing else, and check host names as any client does;</li>
 * <li>last, it is stopped the way operators stop it (SIGTERM, as docker stop does, for Tomcat and
 *     Jetty; for GlassFish the runner's stop: the drain file, then stop-domain) while requests of
 *     every kind are in flight, on HTTP/1.1 connections and as streams of one HTTP/2 connection.
 *     Every request must get exactly one answer, Trainyard's JSON: work that was running answers
 *     by itself (200), work still waiting is refused 503 (not run), work that outlasts the grace is
 *     answered 504 (outcome unknown); no connection or stream is cut without an answer; the views
 *     audit holds; the server exits within its bound.</li>
 * </ul>
 */
@ParameterizedClass(name = "{0}")
@ValueSource(strings = {"tomcat", "jetty", "glassfish"})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 240, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RunnerIT {

    /** trainyard.shutdown.graceMillis in server-configs/trainyard.properties. */
    private static final long GRACE_MILLIS = 5_000;
    /** From the stop until the process is gone: the grace, the servers' own shutdown, the JVM's exit. */
    private static final long EXIT_BOUND_MILLIS = 20_000;
    /** Running work that ends well inside the grace. */
    private static final String SHORT_BLOCKING = "blocking/sleep?ms=1500";
    private static final String SHORT_OFFLOAD = "async/offload/sleep?ms=1500";
    /** Running work that outlasts the grace. */
    private static final String OVERRUN = "async/offload/sleep?ms=" + (GRACE_MILLIS + 15_000);
    /** Waiting: nothing runs for it until its timer fires. */
    private static final String WAITING = "async/sleep?ms=30000";
    /** On one HTTP/2 connection: running work (blocking, then offloaded) that ends inside the grace, and a sleep waiting. */
    private static final List<String> STREAMS = List.of("blocking/sleep?ms=3000", "async/offload/sleep?ms=3000", "async/sleep?ms=30000");
    /** One of each style; each answers a GET with Trainyard's JSON. */
    private static final List<String> EVERY_STYLE = List.of("blocking/hello", "async/hello", "train/entry?id=7");
    /** What an operator would set: request threads and the pool, both unlike the shared file's. */
    private static final Tuning TUNING = new Tuning(50, 40);

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1).build();

    private static Server server;
    private static X509Certificate certificate;
    private static HttpClient h2;
    private static HttpClient http11;

    @Parameter
    String name;

    private record Sent(String path, HttpResponse<String> response, Throwable failure) {
    }

    @BeforeParameterizedClassInvocation
    static void start(String name) throws Exception {
        server = Server.start(name, "platform", TestDatabase.settings(), TUNING, true, created -> { });
        try (InputStream pem = Files.newInputStream(server.certificatePem().orElseThrow())) {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(pem);
        }
        SSLContext tls = TlsKeystore.trusting(certificate);
        h2 = HttpClient.newBuilder().sslContext(tls).version(HttpClient.Version.HTTP_2).connectTimeout(Duration.ofSeconds(5)).build();
        http11 = HttpClient.newBuilder().sslContext(tls).version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterParameterizedClassInvocation
    static void stop() {
        if (server != null) {
            server.close();
            server = null;
        }
    }

    @Test
    @Order(1)
    void itListensOnLoopbackOnly() {
        List<Listeners.Listener> listening = Listeners.of(server.processes());
        assertFalse(listening.isEmpty(), name + ": no listening socket found for " + server.processes());
        assertTrue(listening.stream().allMatch(Listeners.Listener::loopback), name + " listens beyond loopback: " + listening);
        int http = URI.create(server.baseUrl()).getPort();
        assertTrue(listening.stream().anyMatch(l -> l.port() == http), name + ": its HTTP port " + http + " in " + listening);
        assertTrue(listening.stream().anyMatch(l -> l.port() == httpsPort()), name + ": its HTTPS port " + httpsPort() + " in " + listening);
        if (!name.equals("glassfish")) {
            assertEquals(List.of(http, httpsPort()), listening.stream().map(Listeners.Listener::port).distinct().sorted().toList(),
                    name + " listens on its HTTP and HTTPS ports only (no shutdown port, no JMX): " + listening);
        }
    }

    @Test
    @Order(2)
    void itsAdminInterfaceRefusesACallWithoutCredentials() throws Exception {
        if (server.adminPasswordFile().isEmpty()) {
            return; // Tomcat and Jetty run no admin interface here (the listeners test shows it).
        }
        URI admin = URI.create("http://127.0.0.1:" + Integer.getInteger("glassfish.admin.port", 18048) + "/management/domain");
        HttpResponse<String> anonymous = CLIENT.send(HttpRequest.newBuilder(admin).header("Accept", "application/json")
                .header("X-Requested-By", "trainyard").timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(401, anonymous.statusCode(), "GlassFish's REST admin without credentials: " + anonymous.body());
        String password = Files.readString(server.adminPasswordFile().get()).trim().replaceFirst("^AS_ADMIN_PASSWORD=", "");
        HttpResponse<String> admitted = CLIENT.send(HttpRequest.newBuilder(admin).header("Accept", "application/json")
                .header("X-Requested-By", "trainyard").header("Authorization", "Basic "
                        + Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8)))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, admitted.statusCode(), "with the run's admin password: " + admitted.body());
    }

    @Test
    @Order(3)
    void theDatabasePasswordIsInNoFileNoLogNoCommandLineAndNoEnvironment() throws Exception {
        String password = TestDatabase.settings().password();
        assertTrue(password.length() >= 16, "the test database has a real password");
        assertEquals(200, CLIENT.send(get(server.baseUrl() + "blocking/entry?id=90099"), HttpResponse.BodyHandlers.ofString())
                .statusCode(), "the server logs in with it");
        try (Stream<Path> files = Files.walk(server.directory())) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (Files.size(file) < 50_000_000 && new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(password)) {
                    throw new AssertionError(name + " wrote the database password into " + file);
                }
            }
        }
        ProcessHandle.allProcesses().forEach(p -> p.info().commandLine().ifPresent(line ->
                assertFalse(line.contains(password), "a command line shows the database password: " + p.pid())));
        for (ProcessHandle p : server.processes()) {
            Path environ = Path.of("/proc", Long.toString(p.pid()), "environ");
            if (Files.isReadable(environ)) {
                assertFalse(new String(Files.readAllBytes(environ), StandardCharsets.ISO_8859_1).contains(password),
                        name + ": the environment of process " + p.pid() + " holds the database password");
            }
        }
    }

    /** The tuning on the server's own report: Tomcat and Jetty on /metrics (read by the WAR), GlassFish through asadmin. */
    @Test
    @Order(4)
    void itTookItsTuning() throws Exception {
        if (server.adminPasswordFile().isEmpty()) {
            assertEquals(50, ServerMetrics.sum(server.baseUrl(), "trainyard_server_request_threads_max"), name + ": request threads");
            assertEquals(40, ServerMetrics.sum(server.baseUrl(), "trainyard_db_pool_max_connections"), name + ": the pool");
            return;
        }
        String threads = "configs.config.server-config.thread-pools.thread-pool.http-thread-pool.max-thread-pool-size";
        String pool = "resources.jdbc-connection-pool.trainyard-pool.max-pool-size";
        // get takes one name: both in one multimode session (one JVM), read from its input.
        List<String> command = List.of(Path.of(System.getProperty("glassfish.home"), "bin", "asadmin").toString(), "--user", "admin",
                "--passwordfile", server.adminPasswordFile().get().toString(), "--port", Integer.getInteger("glassfish.admin.port", 18048).toString(),
                "multimode");
        ProcessBuilder asadmin = new ProcessBuilder(command).redirectErrorStream(true);
        String java = System.getProperty("trainyard.glassfish.java.home", System.getProperty("java.home"));
        asadmin.environment().put("AS_JAVA", java);
        asadmin.environment().put("JAVA_HOME", java);
        Process p = asadmin.start();
        try (OutputStream commands = p.getOutputStream()) {
            commands.write(("get " + threads + "\nget " + pool + "\n").getBytes(StandardCharsets.UTF_8));
        }
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "asadmin get: " + said);
        assertTrue(said.lines().anyMatch((threads + "=50")::equals), "asadmin reports the request threads: " + said);
        assertTrue(said.lines().anyMatch((pool + "=40")::equals), "asadmin reports the pool: " + said);
    }

    @Test
    @Order(5)
    void everyStyleAnswersOverHttp2NegotiatedByAlpn() throws Exception {
        for (String path : EVERY_STYLE) {
            HttpResponse<String> response = h2.send(get(https() + path), HttpResponse.BodyHandlers.ofString());
            assertEquals(HttpClient.Version.HTTP_2, response.version(), name + " " + path + ": the protocol ALPN chose");
            assertTrusted(path, response);
        }
    }

    @Test
    @Order(6)
    void http11StaysForClientsThatAskForIt() throws Exception {
        for (String path : EVERY_STYLE) {
            HttpResponse<String> response = http11.send(get(https() + path), HttpResponse.BodyHandlers.ofString());
            assertEquals(HttpClient.Version.HTTP_1_1, response.version(), name + " " + path);
            assertTrusted(path, response);
        }
    }

    @Test
    @Order(7)
    void theCertificateNamesTheAddressAndLocalhost() throws Exception {
        assertTrue(certificate.getSubjectAlternativeNames().stream().anyMatch(san -> san.get(1).equals("127.0.0.1")),
                name + ": " + certificate.getSubjectAlternativeNames());
        // The JDK client checks the host name against the certificate's names: localhost must be one.
        HttpResponse<String> response = h2.send(get("https://localhost:" + httpsPort() + "/trainyard/blocking/hello"),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), name + ": by the name localhost");
    }

    /** A client that speaks plain HTTP to the TLS port is turned away at once: never served, never left hanging. */
    @Test
    @Order(8)
    void plainHttpOnTheTlsPortIsRefusedAtOnce() throws Exception {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", httpsPort()), 5_000);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write("GET /trainyard/blocking/hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String answer;
            try {
                answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            } catch (SocketTimeoutException hung) {
                throw new AssertionError(name + ": plain HTTP on the TLS port was neither answered nor closed within 10 s", hung);
            } catch (IOException reset) {
                answer = "";
            }
            assertFalse(answer.contains("\"status\":200") || answer.startsWith("HTTP/1.1 200"), name + ": served over plain HTTP: " + answer);
        }
    }

    /**
     * TLS 1.1 is refused. OpenSSL 3 (like the JDK) no longer offers it by default, so the client is
     * told to (-tls1_1 at security level 0); its trace shows the ClientHello it sent, so the test
     * knows the server, not the client, said no.
     */
    @Test
    @Order(9)
    void aTls11HandshakeIsRefused() throws Exception {
        String trace = openssl("-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0");
        assertTrue(java.util.regex.Pattern.compile(">>> TLS 1\\.1, Handshake \\[length [0-9a-f]+\\], ClientHello").matcher(trace).find(),
                name + ": the client did not offer TLS 1.1:\n" + trace);
        assertTrue(trace.contains("Cipher is (NONE)"), name + ": a TLS 1.1 handshake was completed:\n" + trace);
        String modern = openssl("-tls1_2");
        assertTrue(modern.contains("Protocol  : TLSv1.2"), name + ": TLS 1.2 is refused too:\n" + modern);
    }

    /** /metrics (scraped over plain HTTP) says when the certificate the HTTPS listener serves ends. */
    @Test
    @Order(10)
    void metricsSayWhenTheServedCertificateEnds() throws Exception {
        long notAfter = certificate.getNotAfter().toInstant().getEpochSecond();
        assertEquals(notAfter, ServerMetrics.sum(server.baseUrl(), "trainyard_tls_certificate_expiry_seconds"), 0.5,
                name + ": the end of the certificate in " + server.certificatePem().orElseThrow());
        double daysLeft = ServerMetrics.sum(server.baseUrl(), "trainyard_tls_certificate_days_left");
        assertTrue(daysLeft > 14 && daysLeft <= 90, name + ": days left " + daysLeft);
    }

    @Test
    @Order(20)
    void everyRequestInFlightGetsOneAnswerWhenTheServerStops() throws Exception {
        int id = switch (name) {
            case "tomcat" -> 90_001;
            case "jetty" -> 90_011;
            default -> 90_021;
        };
        List<Integer> locked = List.of(id, id + 1, id + 2);
        Map<Integer, Integer> before = Views.of(locked);
        String base = server.baseUrl();
        List<CompletableFuture<Sent>> inFlight = new ArrayList<>();
        List<Sent> probes = new ArrayList<>();
        long stopMillis;
        String keptAnswer;
        Http2Streams streams;
        try (RowLock lock = RowLock.hold(locked); KeptAliveConnection kept = KeptAliveConnection.open(base)) {
            for (String warm : List.of("blocking", "async", "train")) {
                assertEquals(200, CLIENT.send(get(base + warm + "/entry?id=" + (id + 5)), HttpResponse.BodyHandlers.ofString()).statusCode());
            }
            // Updates waiting on locked rows (running: they will answer once the rows are free),
            // work running past the grace, short work running, and a sleep still waiting.
            inFlight.add(send(base, "blocking/entry?id=" + locked.get(0)));
            inFlight.add(send(base, "async/entry?id=" + locked.get(1)));
            inFlight.add(send(base, "train/entry?id=" + locked.get(2)));
            awaitLockWaiters(3);
            inFlight.add(send(base, SHORT_BLOCKING));
            inFlight.add(send(base, SHORT_OFFLOAD));
            inFlight.add(send(base, OVERRUN));
            inFlight.add(send(base, WAITING));
            streams = Http2Streams.send(https(), server.certificatePem().orElseThrow(), STREAMS);
            // Five requests open on HTTP/1.1 connections, and the two async streams.
            ServerMetrics.awaitAtLeast(base, "trainyard_async_open_requests", 7);
            assertEquals(200, kept.get("health").status(), name + ": a connection kept alive before the stop");

            AtomicBoolean stopped = new AtomicBoolean();
            CountDownLatch stopSeen = new CountDownLatch(1);
            Thread prober = new Thread(() -> probe(base, stopped, stopSeen, probes), "prober");
            long start = System.nanoTime();
            Server stopping = server;
            Thread stopper = new Thread(stopping::close, "stopper");
            stopper.start();
            prober.start();
            // The rows come free while the server stops: those updates finish within the grace.
            lock.close();
            assertTrue(stopSeen.await(EXIT_BOUND_MILLIS, TimeUnit.MILLISECONDS), name + ": new requests were never refused");
            keptAnswer = keptAliveDuringTheStop(kept);
            stopper.join(EXIT_BOUND_MILLIS + 30_000);
            stopMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            stopped.set(true);
            prober.join(10_000);
        } finally {
            stop();
        }

        List<Sent> sent = inFlight.stream().map(CompletableFuture::join).toList();
        Tally answers = new Tally();
        for (Sent s : sent) {
            if (s.response() == null) {
                answers.lost(s.failure());
            } else {
                answers.add(s.response());
            }
        }
        assertEquals(0, answers.lost(), name + ": every request in flight answered: " + answers + " " + describe(sent));
        assertTrue(answers.problems().isEmpty(), name + ": " + answers.problems());
        assertTrue(answers.otherThan(200, 503, 504).isEmpty(), name + ": " + answers);
        assertStatus(sent, "blocking/entry", 200);
        assertStatus(sent, "async/entry", 200);
        assertStatus(sent, "train/entry", 200);
        assertStatus(sent, SHORT_BLOCKING, 200);
        assertStatus(sent, SHORT_OFFLOAD, 200);
        assertStatus(sent, OVERRUN, 504);
        assertStatus(sent, WAITING, 503);
        Map<Integer, Integer> after = Views.of(locked);
        for (int row : locked) {
            assertEquals(before.get(row) + 1, after.get(row), name + ": each answered update applied once");
        }
        Tally probed = new Tally();
        for (Sent p : probes) {
            if (p.response() != null) {
                probed.add(p.response());
            }
        }
        assertTrue(probed.problems().isEmpty(), name + ": requests that came during the stop got Trainyard's JSON or no"
                + " connection at all: " + probed.problems());
        assertTrue(probed.otherThan(200, 503).isEmpty(), name + ": during the stop: " + probed);
        assertEquals("", keptAnswer, name + ": a request on a connection kept alive across the start of the stop");
        streams.assertAnswered(name, 200, 200, 503);
        assertTrue(stopMillis < EXIT_BOUND_MILLIS, name + " stopped in " + stopMillis + " ms");
        FaultTable.record(name, "stopped with requests in flight, and " + STREAMS.size() + " streams on one HTTP/2 connection (exited in "
                + String.format("%.1f s", stopMillis / 1000.0) + ")", answers, 0, -1);
    }

    private static void assertStatus(List<Sent> sent, String path, int status) {
        for (Sent s : sent) {
            if (s.path().startsWith(path)) {
                assertEquals(status, s.response().statusCode(), s.path() + ": " + s.response().body());
                return;
            }
        }
        throw new AssertionError("no request " + path);
    }

    /**
     * A request sent on a connection that was open and idle when the stop began, once the server
     * refuses new requests: the server answers it with Trainyard's JSON (503 with Retry-After and
     * the connection closing once the WAR drains; 200 in the instant before), or had closed the
     * connection before it was sent (the client knows then that nothing was sent, and retries
     * elsewhere). Returns what went wrong, empty if nothing did. Closing the connection on a
     * request that was sent leaves the client not knowing whether it ran.
     */
    private static String keptAliveDuringTheStop(KeptAliveConnection kept) {
        try {
            if (kept.closedByServer()) {
                return "";
            }
            KeptAliveConnection.Answer answer = kept.get("health");
            JsonObject json = Json.createReader(new StringReader(answer.body())).readObject();
            boolean up = answer.status() == 200 && json.containsKey("status");
            boolean refused = answer.status() == 503 && json.getInt("status", 0) == 503 && json.containsKey("message")
                    && answer.headers().contains("Retry-After") && answer.closes();
            if (!up && !refused) {
                return "neither Trainyard's 200 nor its 503 with Retry-After and Connection: close: " + answer.headers() + answer.body();
            }
            return "";
        } catch (IOException | RuntimeException e) {
            return e.toString();
        }
    }

    /**
     * Asks /health again and again until the server is gone: what does a newcomer get meanwhile?
     * stopSeen opens at the first sign of the stop (a 503, or no connection).
     */
    private static void probe(String base, AtomicBoolean stopped, CountDownLatch stopSeen, List<Sent> probes) {
        while (!stopped.get()) {
            try {
                HttpResponse<String> response = CLIENT.send(get(base + "health"), HttpResponse.BodyHandlers.ofString());
                probes.add(new Sent("health", response, null));
                if (response.statusCode() == 503) {
                    stopSeen.countDown();
                }
            } catch (IOException refused) {
                // No connection at all: the listener is closed, which a client handles like any down host.
                stopSeen.countDown();
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static CompletableFuture<Sent> send(String base, String path) {
        return CLIENT.sendAsync(get(base + path), HttpResponse.BodyHandlers.ofString())
                .handle((response, failure) -> new Sent(path, response, failure));
    }

    private static HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).GET().build();
    }

    private static String openssl(String... options) throws Exception {
        List<String> command = new ArrayList<>(List.of("openssl", "s_client", "-connect", "127.0.0.1:" + httpsPort(), "-msg"));
        command.addAll(List.of(options));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "openssl did not end");
        return output;
    }

    private void assertTrusted(String path, HttpResponse<String> response) {
        assertEquals(200, response.statusCode(), name + " " + path + ": " + response.body());
        JsonObject body = Json.createReader(new StringReader(response.body())).readObject();
        assertFalse(body.isEmpty(), name + " " + path);
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), name + " " + path);
    }

    private static String https() {
        return server.httpsUrl().orElseThrow();
    }

    private static int httpsPort() {
        return URI.create(https()).getPort();
    }

    private static String describe(List<Sent> sent) {
        StringBuilder text = new StringBuilder();
        for (Sent s : sent) {
            text.append("\n  ").append(s.path()).append(" -> ")
                    .append(s.response() == null ? String.valueOf(s.failure()) : s.response().statusCode() + " " + s.response().body());
        }
        return text.toString();
    }

    private static void awaitLockWaiters(int n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (RowLock.waiters() < n) {
            assertTrue(System.nanoTime() < deadline, "the updates never reached the database");
            Thread.onSpinWait();
        }
    }

}
