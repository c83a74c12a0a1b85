package dev.trainyard.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.testdb.TestDatabase;
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
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * Each server over HTTPS as the runner starts it with -Dprotocol=https: server-configs/&lt;server&gt;/tls
 * laid over its configuration and a self-signed PKCS12 keystore made for the run. The clients
 * trust that one certificate (read from the PEM the runner writes for curl) and nothing else,
 * and check host names as any client does.
 */
@ParameterizedClass(name = "{0}")
@ValueSource(strings = {"tomcat", "jetty", "glassfish"})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 240, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HttpsIT {

    /** One of each style; each answers a GET with Trainyard's JSON. */
    private static final List<String> EVERY_STYLE = List.of("blocking/hello", "async/hello", "train/entry?id=7");

    private static Server server;
    private static X509Certificate certificate;
    private static HttpClient h2;
    private static HttpClient http11;

    @Parameter
    String name;

    @BeforeParameterizedClassInvocation
    static void start(String name) throws Exception {
        server = Server.start(name, "platform", TestDatabase.settings(), Tuning.AS_CONFIGURED, true, created -> { });
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
    void httpsListensOnLoopbackBesidePlainHttp() {
        List<Listeners.Listener> listening = Listeners.of(server.processes());
        assertTrue(listening.stream().allMatch(Listeners.Listener::loopback), name + " listens beyond loopback: " + listening);
        assertTrue(listening.stream().anyMatch(l -> l.port() == httpsPort()), name + ": HTTPS port " + httpsPort() + " in " + listening);
        assertTrue(listening.stream().anyMatch(l -> l.port() == URI.create(server.baseUrl()).getPort()), name + ": HTTP port in " + listening);
    }

    @Test
    @Order(2)
    void everyStyleAnswersOverHttp2NegotiatedByAlpn() throws Exception {
        for (String path : EVERY_STYLE) {
            HttpResponse<String> response = h2.send(get(https() + path), HttpResponse.BodyHandlers.ofString());
            assertEquals(HttpClient.Version.HTTP_2, response.version(), name + " " + path + ": the protocol ALPN chose");
            assertTrusted(path, response);
        }
    }

    @Test
    @Order(3)
    void http11StaysForClientsThatAskForIt() throws Exception {
        for (String path : EVERY_STYLE) {
            HttpResponse<String> response = http11.send(get(https() + path), HttpResponse.BodyHandlers.ofString());
            assertEquals(HttpClient.Version.HTTP_1_1, response.version(), name + " " + path);
            assertTrusted(path, response);
        }
    }

    @Test
    @Order(4)
    void theCertificateNamesTheAddressAndLocalhost() throws Exception {
        assertTrue(certificate.getSubjectAlternativeNames().stream().anyMatch(san -> san.get(1).equals("127.0.0.1")),
                name + ": " + certificate.getSubjectAlternativeNames());
        // The JDK client checks the host name against the certificate's names: localhost must be one.
        HttpResponse<String> response = h2.send(get("https://localhost:" + httpsPort() + "/trainyard/blocking/hello"),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), name + ": by the name localhost");
    }

    /** /metrics (scraped over plain HTTP) says when the certificate the HTTPS listener serves ends. */
    @Test
    @Order(7)
    void metricsSayWhenTheServedCertificateEnds() throws Exception {
        long notAfter = certificate.getNotAfter().toInstant().getEpochSecond();
        assertEquals(notAfter, ServerMetrics.sum(server.baseUrl(), "trainyard_tls_certificate_expiry_seconds"), 0.5,
                name + ": the end of the certificate in " + server.certificatePem().orElseThrow());
        double daysLeft = ServerMetrics.sum(server.baseUrl(), "trainyard_tls_certificate_days_left");
        assertTrue(daysLeft > 14 && daysLeft <= 90, name + ": days left " + daysLeft);
    }

    /** A client that speaks plain HTTP to the TLS port is turned away at once: never served, never left hanging. */
    @Test
    @Order(5)
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
    @Order(6)
    void aTls11HandshakeIsRefused() throws Exception {
        String trace = openssl("-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0");
        assertTrue(java.util.regex.Pattern.compile(">>> TLS 1\\.1, Handshake \\[length [0-9a-f]+\\], ClientHello").matcher(trace).find(),
                name + ": the client did not offer TLS 1.1:\n" + trace);
        assertTrue(trace.contains("Cipher is (NONE)"), name + ": a TLS 1.1 handshake was completed:\n" + trace);
        String modern = openssl("-tls1_2");
        assertTrue(modern.contains("Protocol  : TLSv1.2"), name + ": TLS 1.2 is refused too:\n" + modern);
    }

    /**
     * Stopped with streams in flight on one HTTP/2 connection, as a load balancer multiplexes
     * them: each gets one answer on that connection (work running answers 200 by itself, work
     * still waiting is refused 503), none is cut with the connection. RunnerIT asks the same of
     * HTTP/1.1 connections, with every kind of request. The client is curl: the JDK's HttpClient
     * (17) fails every open stream when a GOAWAY arrives, even those the server said it will
     * answer, so it cannot tell a server that cuts streams from one that finishes them.
     */
    @Test
    @Order(9)
    void everyStreamInFlightGetsOneAnswerWhenTheServerStops() throws Exception {
        java.nio.file.Path answers = Files.createTempDirectory("trainyard-h2-stop");
        String base = https();
        List<String> paths = List.of("blocking/sleep?ms=1500", "async/offload/sleep?ms=1500", "async/sleep?ms=30000");
        List<String> command = new java.util.ArrayList<>(List.of("curl", "--silent", "--http2", "--parallel",
                "--cacert", server.certificatePem().orElseThrow().toString(), "--max-time", "40",
                "--write-out", "%{url_effective} %{http_version} %{http_code} %{num_connects} %{exitcode} [%header{retry-after}]\\n"));
        for (int i = 0; i < paths.size(); i++) {
            command.addAll(List.of("--output", answers.resolve("body" + i).toString(), base + paths.get(i)));
        }
        Process curl = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String plain = server.baseUrl();
        // Two request threads: the blocking sleep and the scrape that counts it; two async requests open.
        ServerMetrics.awaitAtLeast(plain, "trainyard_request_threads_busy", 2);
        ServerMetrics.awaitAtLeast(plain, "trainyard_async_open_requests", 2);
        long start = System.nanoTime();
        stop();
        long stopMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        String report = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(curl.waitFor(60, TimeUnit.SECONDS), "curl did not end");

        List<String> lines = report.lines().toList();
        assertEquals(paths.size(), lines.size(), name + ": one line per request: " + report);
        assertEquals(1, lines.stream().mapToInt(l -> Integer.parseInt(l.split(" ")[3])).sum(),
                name + ": the streams shared one connection: " + report);
        int[] expected = {200, 200, 503};
        for (int i = 0; i < paths.size(); i++) {
            String path = paths.get(i);
            String line = lines.stream().filter(l -> l.startsWith(base + path + " ")).findFirst()
                    .orElseThrow(() -> new AssertionError(name + ": no answer line for " + path + ": " + report));
            String[] fields = line.split(" ");
            assertEquals("0", fields[4], name + ": " + path + " cut (curl exit code " + fields[4] + "): " + report);
            assertEquals("2", fields[1], name + ": " + path + " over HTTP/2: " + line);
            assertEquals(expected[i], Integer.parseInt(fields[2]), name + ": " + path + ": " + line);
            JsonObject body = Json.createReader(new StringReader(Files.readString(answers.resolve("body" + i)))).readObject();
            assertFalse(body.isEmpty(), name + ": " + path + ": a JSON answer");
            if (expected[i] != 200) {
                assertEquals(expected[i], body.getInt("status"), name + ": " + path + ": Trainyard's JSON " + body);
                assertTrue(line.matches(".*\\[[0-9]+\\]$"), name + ": " + path + ": the 503 says when to come back: " + line);
            }
        }
        assertTrue(stopMillis < 20_000, name + " stopped in " + stopMillis + " ms");
    }

    private static String openssl(String... options) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("openssl", "s_client", "-connect", "127.0.0.1:" + httpsPort(), "-msg"));
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

    private static HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build();
    }

    private static String https() {
        return server.httpsUrl().orElseThrow();
    }

    private static int httpsPort() {
        return URI.create(https()).getPort();
    }
}
