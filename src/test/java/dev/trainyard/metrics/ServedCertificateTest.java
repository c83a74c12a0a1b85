package dev.trainyard.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The certificate a TLS listener really serves, read by a handshake with it. */
class ServedCertificateTest {

    @TempDir
    Path dir;

    @Test
    void aListenerThatServesNoTlsLeavesTheFamilyOut() throws Exception {
        int closed;
        try (ServerSocket free = new ServerSocket(0)) {
            closed = free.getLocalPort();
        }
        assertEquals("", scrape(new ServedCertificate("127.0.0.1", closed)));
    }

    @Test
    void theServedCertificatesEndIsReportedAndANearEndIsLogged() throws Exception {
        char[] password = "test-only".toCharArray();
        Path keystore = dir.resolve("key.p12");
        Path passwordFile = Files.writeString(dir.resolve("password"), new String(password));
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "probe", "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "10",
                "-dname", "CN=127.0.0.1", "-storetype", "PKCS12", "-keystore", keystore.toString(),
                "-storepass:file", passwordFile.toString()).redirectErrorStream(true).start();
        String said = new String(keytool.getInputStream().readAllBytes());
        assertTrue(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0, said);
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            store.load(in, password);
        }
        Instant notAfter = ((X509Certificate) store.getCertificate("probe")).getNotAfter().toInstant();
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, password);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(keys.getKeyManagers(), null, null);
        try (SSLServerSocket listener = (SSLServerSocket) tls.getServerSocketFactory().createServerSocket(0)) {
            Thread server = new Thread(() -> {
                try (SSLSocket client = (SSLSocket) listener.accept()) {
                    client.startHandshake();
                } catch (Exception e) {
                    // The probe closes once it has read the certificate.
                }
            });
            server.start();
            ServedCertificate served = new ServedCertificate("127.0.0.1", listener.getLocalPort());
            String text = scrape(served);
            server.join(10_000);
            assertTrue(text.contains("trainyard_tls_certificate_expiry_seconds{port=\"" + listener.getLocalPort() + "\"} "
                    + notAfter.getEpochSecond()), text);
            double daysLeft = Double.parseDouble(text.lines().filter(l -> l.startsWith("trainyard_tls_certificate_days_left"))
                    .findFirst().orElseThrow().replaceAll(".* ", ""));
            assertTrue(daysLeft > 9.9 && daysLeft <= 10.0, "ten days: " + daysLeft);
            assertTrue(served.warned(), "ten days is near its end");
        }
    }

    @Test
    void aFarEndIsNotWarnedOf() {
        ServedCertificate served = new ServedCertificate("127.0.0.1", 1);
        Instant now = Instant.now();
        served.warnIfNear(now.plus(Duration.ofDays(60)), now);
        assertFalse(served.warned());
        served.warnIfNear(now.minus(Duration.ofDays(1)), now);
        assertTrue(served.warned(), "an ended certificate is");
    }

    private static String scrape(MetricSource source) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            source.writeTo(new PrometheusText(out));
        }
        return text.toString();
    }
}
