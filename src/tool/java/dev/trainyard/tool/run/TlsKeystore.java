package dev.trainyard.tool.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The PKCS12 keystore an HTTPS connector serves, and the file holding its password. A user's own
 * pair is named by trainyard.tls.keystore and trainyard.tls.passwordFile; otherwise the runner
 * makes a self-signed one for 127.0.0.1 and localhost under its run directory, with a random
 * password that only ever travels in a file of mode 600 (keytool reads it with -storepass:file,
 * the servers with their own password-file settings), never on a command line.
 */
public record TlsKeystore(Path keystore, Path passwordFile) {

    static final String ALIAS = "trainyard";
    private static final int VALID_DAYS = 90;
    /** A certificate closer than this to its end is reported at start (and the runner's own is made anew). */
    static final int WARN_DAYS = 14;

    /** The user's pair when both settings are given, else the runner's own under {@code runDir}/tls, made once. */
    public static TlsKeystore forRun(Path runDir, Path keytool) throws IOException, InterruptedException {
        String keystore = System.getProperty("trainyard.tls.keystore");
        String password = System.getProperty("trainyard.tls.passwordFile");
        if (keystore != null || password != null) {
            if (keystore == null || password == null) {
                throw new IllegalArgumentException("trainyard.tls.keystore and trainyard.tls.passwordFile go together: name both");
            }
            return new TlsKeystore(Path.of(keystore), Path.of(password));
        }
        Path dir = runDir.resolve("tls");
        TlsKeystore own = new TlsKeystore(dir.resolve("trainyard.p12"), dir.resolve("keystore.password"));
        if (!Files.isRegularFile(own.keystore) || !Files.isRegularFile(own.passwordFile) || own.expiresWithin(WARN_DAYS)) {
            own.generate(keytool);
        }
        return own;
    }

    /**
     * The pair docker-compose hands the containers as secrets, in {@code dir}: kept while valid,
     * otherwise made anew. Compose mounts a file secret with its owner and mode on the host, and the
     * containers' servers run as a user of their own, so the files are readable by all (as Docker's
     * own secrets are) inside a directory only its owner may enter: on the host, no one else reaches them.
     */
    public static TlsKeystore forContainers(Path dir, Path keytool) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        TlsKeystore pair = new TlsKeystore(dir.resolve("trainyard.p12"), dir.resolve("keystore.password"));
        if (!Files.isRegularFile(pair.keystore) || !Files.isRegularFile(pair.passwordFile) || pair.expiresWithin(WARN_DAYS)) {
            pair.generate(keytool);
        }
        for (Path secret : List.of(pair.keystore, pair.passwordFile)) {
            Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("r--r--r--"));
        }
        return pair;
    }

    /** ./mvnw -Pimages: the containers' pair under the directory given, and its certificate as PEM for clients. */
    public static void main(String[] args) throws Exception {
        TlsKeystore pair = forContainers(Path.of(args[0]), Path.of(System.getProperty("java.home"), "bin", "keytool"));
        Path pem = pair.writeCertificate(pair.keystore.resolveSibling("trainyard.pem"));
        System.out.println("HTTPS for the containers: " + pair.keystore + " and its password in " + pair.passwordFile
                + " (compose's secrets tls-keystore, tls-keystore-password); " + validity(pair.certificate().getNotAfter().toInstant(), Instant.now())
                + "; clients trust " + pem);
    }

    /**
     * What the runner says of the certificate at start: until when it is valid, and a warning once
     * that is less than {@link #WARN_DAYS} days away or past (clients refuse an expired one).
     */
    static String validity(Instant notAfter, Instant now) {
        String date = DateTimeFormatter.ISO_LOCAL_DATE.format(notAfter.atOffset(ZoneOffset.UTC));
        long days = Duration.between(now, notAfter).toDays();
        if (!notAfter.isAfter(now)) {
            return "warning: the HTTPS certificate expired on " + date + ": clients refuse it; renew the keystore";
        }
        if (days < WARN_DAYS) {
            return "warning: the HTTPS certificate expires in " + days + " days, on " + date + ": renew the keystore";
        }
        return "the HTTPS certificate is valid until " + date + " (" + days + " days)";
    }

    private boolean expiresWithin(int days) {
        try {
            return certificate().getNotAfter().toInstant().isBefore(Instant.now().plus(Duration.ofDays(days)));
        } catch (IOException | GeneralSecurityException unreadable) {
            return true;
        }
    }

    /** A self-signed EC key with 127.0.0.1 and localhost as its subject alternative names. */
    void generate(Path keytool) throws IOException, InterruptedException {
        Files.createDirectories(keystore.getParent());
        Files.deleteIfExists(keystore);
        writeSecret(passwordFile, randomPassword());
        keytool(keytool, "-genkeypair", "-alias", ALIAS, "-keyalg", "EC", "-groupname", "secp256r1",
                "-validity", Integer.toString(VALID_DAYS), "-dname", "CN=localhost, OU=Trainyard self-signed",
                "-ext", "SAN=IP:127.0.0.1,DNS:localhost", "-storetype", "PKCS12", "-keystore", keystore.toString(),
                "-storepass:file", passwordFile.toString());
        Files.setPosixFilePermissions(keystore, PosixFilePermissions.fromString("rw-------"));
    }

    /**
     * Copies the key into another keystore (GlassFish's domain keystore) as {@code alias}, that
     * keystore and the key in it protected by the password in {@code destinationPasswordFile}.
     */
    void importInto(Path keytool, Path destination, String type, Path destinationPasswordFile, String alias)
            throws IOException, InterruptedException, GeneralSecurityException {
        keytool(keytool, "-importkeystore", "-noprompt", "-srckeystore", keystore.toString(), "-srcstoretype", "PKCS12",
                "-srcstorepass:file", passwordFile.toString(), "-srcalias", keyAlias(),
                "-destkeystore", destination.toString(), "-deststoretype", type, "-destalias", alias,
                "-deststorepass:file", destinationPasswordFile.toString(), "-destkeypass:file", destinationPasswordFile.toString());
    }

    /** Runs keytool; passwords reach it as files only (-storepass:file and the like). */
    private static void keytool(Path keytool, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(keytool.toString()));
        command.addAll(List.of(args));
        Process run = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!run.waitFor(60, TimeUnit.SECONDS) || run.exitValue() != 0) {
            run.destroyForcibly();
            throw new IOException("keytool " + args[0] + " failed: " + output.strip());
        }
    }

    private static String randomPassword() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** The certificate the server presents: what a client that does not trust it by a CA trusts instead. */
    public X509Certificate certificate() throws IOException, GeneralSecurityException {
        KeyStore store = load();
        return (X509Certificate) store.getCertificate(keyAlias(store));
    }

    /** The alias of the key the server serves: trainyard in the runner's keystore, the first key in a user's. */
    String keyAlias() throws IOException, GeneralSecurityException {
        return keyAlias(load());
    }

    private String keyAlias(KeyStore store) throws GeneralSecurityException {
        if (store.isKeyEntry(ALIAS)) {
            return ALIAS;
        }
        return java.util.Collections.list(store.aliases()).stream().filter(name -> isKeyEntry(store, name)).findFirst()
                .orElseThrow(() -> new GeneralSecurityException("no key in " + keystore));
    }

    private KeyStore load() throws IOException, GeneralSecurityException {
        char[] password = Files.readString(passwordFile, StandardCharsets.UTF_8).lines().findFirst().orElse("").toCharArray();
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            store.load(in, password);
        }
        return store;
    }

    /** A TLS context for clients that trust this certificate and no other (host names still checked). */
    public SSLContext trustingItsCertificate() throws IOException, GeneralSecurityException {
        return trusting(certificate());
    }

    /** A TLS context for clients that trust {@code certificate} and no other (host names still checked). */
    public static SSLContext trusting(X509Certificate certificate) throws IOException, GeneralSecurityException {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry(ALIAS, certificate);
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    /** The certificate as PEM (public: for curl --cacert and the like). */
    public Path writeCertificate(Path pem) throws IOException, GeneralSecurityException {
        Files.createDirectories(pem.getParent());
        Files.writeString(pem, "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(certificate().getEncoded())
                + "\n-----END CERTIFICATE-----\n", StandardCharsets.US_ASCII);
        return pem;
    }

    private static boolean isKeyEntry(KeyStore store, String alias) {
        try {
            return store.isKeyEntry(alias);
        } catch (KeyStoreException e) {
            return false;
        }
    }

    /** Written as one line without its end: the servers read the password as the file's first line. */
    private static void writeSecret(Path file, String secret) throws IOException {
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, secret.lines().findFirst().orElse(""), StandardCharsets.UTF_8);
    }
}
