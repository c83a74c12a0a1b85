package dev.trainyard.metrics;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * When the certificate the server's HTTPS listener serves ends, read as a client meets it: a TLS
 * handshake with the listener (nothing is sent over it), so the figure holds whatever keystore
 * the server really loaded, on any of the three servers. Probed at most once a minute; with no
 * HTTPS listener the family is left out. A certificate near or past its end is logged once as a
 * warning.
 */
public final class ServedCertificate implements MetricSource {

    /** Below this, the end is near: as the runner warns. */
    static final Duration NEAR = Duration.ofDays(14);
    private static final Duration REPROBE = Duration.ofMinutes(1);
    private static final int TIMEOUT_MILLIS = 2_000;
    private static final Logger LOG = Logger.getLogger(ServedCertificate.class.getName());

    private record Probe(Instant at, Instant notAfter) {
    }

    private final String host;
    private final int port;
    private final Clock clock;
    private final AtomicReference<Probe> last = new AtomicReference<>();
    private final AtomicBoolean warned = new AtomicBoolean();

    public ServedCertificate(String host, int port) {
        this(host, port, Clock.systemUTC());
    }

    ServedCertificate(String host, int port, Clock clock) {
        this.host = host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host;
        this.port = port;
        this.clock = clock;
    }

    @Override
    public void writeTo(PrometheusText out) {
        Instant notAfter = notAfter();
        if (notAfter == null) {
            return;
        }
        Instant now = clock.instant();
        String label = Integer.toString(port);
        out.family("trainyard_tls_certificate_expiry_seconds", "gauge",
                "When the certificate the HTTPS listener serves ends (Unix time, seconds)")
                .sample("trainyard_tls_certificate_expiry_seconds", notAfter.getEpochSecond(), "port", label);
        out.family("trainyard_tls_certificate_days_left", "gauge",
                "Days until the certificate the HTTPS listener serves ends (negative: ended)")
                .sample("trainyard_tls_certificate_days_left", Duration.between(now, notAfter).toSeconds() / 86_400.0, "port", label);
    }

    /** The served certificate's end, from a probe at most a minute old; null when nothing answers TLS there. */
    private Instant notAfter() {
        Probe probe = last.get();
        Instant now = clock.instant();
        if (probe == null || probe.at().plus(REPROBE).isBefore(now)) {
            probe = new Probe(now, handshake());
            last.set(probe);
            warnIfNear(probe.notAfter(), now);
        }
        return probe.notAfter();
    }

    void warnIfNear(Instant notAfter, Instant now) {
        if (notAfter != null && notAfter.minus(NEAR).isBefore(now) && warned.compareAndSet(false, true)) {
            LOG.warning(notAfter.isBefore(now)
                    ? "the HTTPS certificate on port " + port + " ended on " + notAfter + ": clients refuse it; renew it"
                    : "the HTTPS certificate on port " + port + " ends on " + notAfter + ", in less than " + NEAR.toDays() + " days: renew it");
        }
    }

    boolean warned() {
        return warned.get();
    }

    private Instant handshake() {
        Recorder recorder = new Recorder();
        try {
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(null, new TrustManager[] {recorder}, null);
            try (SSLSocket socket = (SSLSocket) tls.getSocketFactory().createSocket()) {
                socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
                socket.setSoTimeout(TIMEOUT_MILLIS);
                socket.startHandshake();
            }
        } catch (IOException | GeneralSecurityException | RuntimeException noTls) {
            // No listener, or not TLS: the handshake may still have shown the certificate.
        }
        X509Certificate leaf = recorder.leaf.get();
        return leaf == null ? null : leaf.getNotAfter().toInstant();
    }

    /**
     * Records the chain the server presents. It trusts every chain because it only reads the
     * certificate: the probe sends nothing over the connection and closes it.
     */
    private static final class Recorder implements X509TrustManager {

        final AtomicReference<X509Certificate> leaf = new AtomicReference<>();

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
            if (chain.length > 0) {
                leaf.set(chain[0]);
            }
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
            throw new UnsupportedOperationException("a probe is never a server");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
