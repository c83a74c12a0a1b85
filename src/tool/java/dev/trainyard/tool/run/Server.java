package dev.trainyard.tool.run;

import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One server variant serving the WAR: laid out from server-configs/, started on its JDK, and
 * returned only once /blocking/hello answers. Paths and JDKs are system properties (see
 * {@link RunServer}).
 */
public final class Server implements AutoCloseable {

    private static final Duration READY_WITHIN = Duration.ofSeconds(180);

    private final ServerProcess process;
    private final ServerLayout layout;
    private final String name;
    private final String variant;

    private Server(ServerProcess process, ServerLayout layout) {
        this.process = process;
        this.layout = layout;
        this.name = layout.server();
        this.variant = layout.variant();
    }

    /**
     * Starts server (tomcat, jetty, glassfish) in variant (platform, virtual) against db:
     * trainyard.java.home is the JDK of Tomcat and Jetty (21+ for the virtual variants),
     * trainyard.glassfish.java.home the one of GlassFish (17 here).
     */
    public static Server start(String name, String variant, DbSettings db) throws IOException, InterruptedException {
        return start(name, variant, db, Tuning.AS_CONFIGURED, created -> { });
    }

    /** As {@link #start(String, String, DbSettings)}, with request threads and pool size tuned over the shared file. */
    public static Server start(String name, String variant, DbSettings db, Tuning tuning) throws IOException, InterruptedException {
        return start(name, variant, db, tuning, created -> { });
    }

    /**
     * As {@link #start(String, String, DbSettings)}, handing the server to {@code created} before
     * its process starts, so that a caller stopped meanwhile (SIGTERM during the start-up) can
     * stop it instead of leaving it running.
     */
    public static Server start(String name, String variant, DbSettings db, Tuning tuning, java.util.function.Consumer<Server> created)
            throws IOException, InterruptedException {
        return start(name, variant, db, tuning, false, created);
    }

    /**
     * As above; with {@code https} the server also serves HTTPS (TLS 1.2 and 1.3, HTTP/2 by ALPN) on
     * trainyard.https.port (18443) with the keystore of {@link TlsKeystore#forRun}.
     */
    public static Server start(String name, String variant, DbSettings db, Tuning tuning, boolean https,
            java.util.function.Consumer<Server> created) throws IOException, InterruptedException {
        if (!variant.equals("platform") && !variant.equals("virtual")) {
            throw new IllegalArgumentException("variant must be platform or virtual; got " + variant);
        }
        int port = Integer.getInteger("trainyard.http.port", 18080);
        // Absolute: the server resolves its own base against its working directory, which is not ours.
        Path runDir = Path.of(System.getProperty("trainyard.run.dir", "target/run")).toAbsolutePath();
        Path configs = Path.of(System.getProperty("trainyard.configs", "server-configs"));
        Path war = Path.of(System.getProperty("trainyard.war", "target/trainyard.war"));
        Jdk jdk = Jdk.at(name.equals("glassfish") ? System.getProperty("trainyard.glassfish.java.home", System.getProperty("java.home"))
                : System.getProperty("trainyard.java.home", System.getProperty("java.home")));
        TlsKeystore tls = https ? TlsKeystore.forRun(runDir, jdk.home().resolve("bin/keytool")) : null;
        if (tls != null) {
            try {
                tls.writeCertificate(certificatePem(runDir));
                System.out.println(TlsKeystore.validity(tls.certificate().getNotAfter().toInstant(), java.time.Instant.now()));
            } catch (IOException | java.security.GeneralSecurityException e) {
                // The server reads the pair itself and must refuse to start on it: leave that to it.
                System.out.println("warning: cannot read the certificate in " + tls.keystore() + " with the password in "
                        + tls.passwordFile() + " (" + e + "); the server will say why it does not start");
            }
        }
        ServerLayout layout = new ServerLayout(name, variant, port, configs, runDir, war, jdk, db, tuning,
                Integer.getInteger("trainyard.https.port", 18443), tls);
        ServerProcess process = switch (name) {
            case "tomcat" -> new TomcatProcess(Path.of(System.getProperty("tomcat.home")), layout);
            case "jetty" -> new JettyProcess(Path.of(System.getProperty("jetty.home")), Path.of(System.getProperty("jetty.ext")), layout);
            case "glassfish" -> new GlassFishProcess(Path.of(System.getProperty("glassfish.home")),
                    Integer.getInteger("glassfish.admin.port", 18048), Path.of(System.getProperty("trainyard.driver.jar")), layout);
            default -> throw new IllegalArgumentException("server must be tomcat, jetty or glassfish; got " + name);
        };
        Server server = new Server(process, layout);
        created.accept(server);
        System.out.printf("starting %s (%s threads%s) on port %d%s%n", name, variant,
                tuning.asConfigured() ? "" : ", " + tuning.label(), port, https ? " and HTTPS on port " + layout.httpsPort() : "");
        try {
            process.start();
            server.awaitReady();
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** Whether this machine can run the variant: virtual threads need the server's JDK to be 21+. */
    public static boolean canRun(String name, String variant) {
        if (!variant.equals("virtual")) {
            return true;
        }
        if (name.equals("glassfish")) {
            return false;
        }
        return Jdk.at(System.getProperty("trainyard.java.home", System.getProperty("java.home"))).feature() >= 21;
    }

    public String baseUrl() {
        return process.baseUrl();
    }

    /** The HTTPS certificate as PEM (for curl --cacert), empty when the server serves plain HTTP only. */
    public java.util.Optional<Path> certificatePem() {
        return layout.https() ? java.util.Optional.of(certificatePem(layout.runDir())) : java.util.Optional.empty();
    }

    private static Path certificatePem(Path runDir) {
        return runDir.resolve("tls/server.pem");
    }

    /** The WAR's root over HTTPS (e.g. https://127.0.0.1:18443/trainyard/), empty when the server serves plain HTTP only. */
    public java.util.Optional<String> httpsUrl() {
        return java.util.Optional.ofNullable(layout.httpsUrl());
    }

    /** The server's processes now (its JVM and what it started). */
    public java.util.List<ProcessHandle> processes() {
        return process.processes();
    }

    /** The directory the server runs from: its configuration, its logs, what it writes. */
    public Path directory() {
        return process.directory();
    }

    /** The file the server logs to. */
    public Path log() {
        return process.log();
    }

    /** The admin password file of a GlassFish domain the runner made (AS_ADMIN_PASSWORD=...); empty for the others. */
    public java.util.Optional<Path> adminPasswordFile() {
        return process instanceof GlassFishProcess glassfish ? java.util.Optional.of(glassfish.adminPasswordFile())
                : java.util.Optional.empty();
    }

    public String name() {
        return name;
    }

    public String variant() {
        return variant;
    }

    void awaitExit() throws InterruptedException {
        process.awaitExit();
    }

    /** Polls /blocking/hello on every listener until each answers 200, the process dies, or the deadline passes. */
    private void awaitReady() throws IOException, InterruptedException {
        List<HttpClient> clients = new ArrayList<>();
        List<HttpRequest> hellos = new ArrayList<>();
        clients.add(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build());
        hellos.add(HttpRequest.newBuilder(URI.create(process.baseUrl() + "blocking/hello")).timeout(Duration.ofSeconds(5)).build());
        if (layout.https()) {
            // Ready means every listener answers: Tomcat serves plain HTTP before it starts (or
            // fails to start) its HTTPS connector.
            HttpClient.Builder https = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2));
            try {
                https.sslContext(layout.tls().trustingItsCertificate());
            } catch (IOException | java.security.GeneralSecurityException unreadable) {
                // The server cannot open it either: it ends, and the loop says so.
            }
            clients.add(https.build());
            hellos.add(HttpRequest.newBuilder(URI.create(layout.httpsUrl() + "blocking/hello")).timeout(Duration.ofSeconds(5)).build());
        }
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the server process ended during startup; its log says why, under " + process.directory());
            }
            if (allAnswer(clients, hellos)) {
                return;
            }
            Thread.sleep(500);
        }
        throw new IOException("the server did not answer " + hellos + " within " + READY_WITHIN.toSeconds() + " s");
    }

    private static boolean allAnswer(List<HttpClient> clients, List<HttpRequest> hellos) throws InterruptedException {
        for (int i = 0; i < hellos.size(); i++) {
            try {
                if (clients.get(i).send(hellos.get(i), HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
                    return false;
                }
            } catch (IOException notYet) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        process.close();
    }
}
