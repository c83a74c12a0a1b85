package dev.trainyard.tool.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsKeystoreTest {

    private static final Instant NOW = Instant.parse("2026-12-02T12:00:00Z");

    @TempDir
    Path dir;

    @Test
    void theRunnersOwnKeyNamesTheAddressAndLocalhostAndOnlyItsOwnerReadsIt() throws Exception {
        TlsKeystore own = TlsKeystore.forRun(dir, Path.of(System.getProperty("java.home"), "bin", "keytool"));
        X509Certificate certificate = own.certificate();
        List<String> names = certificate.getSubjectAlternativeNames().stream().map(san -> san.get(1).toString()).toList();
        assertTrue(names.containsAll(List.of("127.0.0.1", "localhost")), names.toString());
        for (Path secret : List.of(own.keystore(), own.passwordFile())) {
            assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE), Files.getPosixFilePermissions(secret),
                    secret.toString());
        }
        assertEquals(certificate, TlsKeystore.forRun(dir, Path.of("/nonexistent/keytool")).certificate(), "a valid key is kept, not made anew");
    }

    @Test
    void theContainersPairIsReadableByTheirUserOnlyThroughADirectoryOnlyItsOwnerEnters() throws Exception {
        Path secrets = dir.resolve("tls");
        TlsKeystore pair = TlsKeystore.forContainers(secrets, Path.of(System.getProperty("java.home"), "bin", "keytool"));
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE),
                Files.getPosixFilePermissions(secrets));
        for (Path secret : List.of(pair.keystore(), pair.passwordFile())) {
            assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ),
                    Files.getPosixFilePermissions(secret), secret.toString());
        }
        X509Certificate certificate = pair.certificate();
        assertTrue(certificate.getSubjectAlternativeNames().stream().anyMatch(san -> san.get(1).equals("127.0.0.1")));
        assertEquals(certificate, TlsKeystore.forContainers(secrets, Path.of("/nonexistent/keytool")).certificate(),
                "a valid pair is kept: the running containers keep serving the certificate their clients trust");
    }

    @Test
    void aCertificateNearOrPastItsEndIsAWarning() {
        assertEquals("the HTTPS certificate is valid until 2027-03-02 (90 days)", TlsKeystore.validity(NOW.plus(Duration.ofDays(90)), NOW));
        assertEquals("warning: the HTTPS certificate expires in 3 days, on 2026-12-05: renew the keystore",
                TlsKeystore.validity(NOW.plus(Duration.ofDays(3)), NOW));
        assertEquals("warning: the HTTPS certificate expired on 2026-11-30: clients refuse it; renew the keystore",
                TlsKeystore.validity(NOW.minus(Duration.ofDays(2)), NOW));
    }
}
