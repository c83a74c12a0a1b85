package dev.trainyard.tool.run;

import dev.trainyard.tool.db.DbSettings;
import dev.trainyard.tool.db.EmbeddedDatabase;
import dev.trainyard.tool.seed.Seeder;
import dev.trainyard.tool.seed.StoreSize;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What the runner and the benchmarks stand on: a seeded PostgreSQL (embedded unless
 * trainyard.db.url names one) and an application server serving the WAR, started, checked and
 * stopped together. Settings are system properties (see {@link RunServer}).
 */
public final class Stack implements AutoCloseable {

    private static final Duration READY_WITHIN = Duration.ofSeconds(180);

    private final EmbeddedDatabase embedded;
    private final DbSettings db;
    private final ServerProcess server;
    private final String serverName;

    private Stack(EmbeddedDatabase embedded, DbSettings db, ServerProcess server, String serverName) {
        this.embedded = embedded;
        this.db = db;
        this.server = server;
        this.serverName = serverName;
    }

    public static Stack start() throws Exception {
        String serverName = System.getProperty("trainyard.server", "tomcat");
        int port = Integer.getInteger("trainyard.http.port", 18080);
        StoreSize size = StoreSize.parse(System.getProperty("trainyard.store.size", "default"));
        Path runDir = Path.of(System.getProperty("trainyard.run.dir", "target/run"));

        EmbeddedDatabase embedded = null;
        DbSettings db = DbSettings.configured().orElse(null);
        if (db == null) {
            int dbPort = Integer.getInteger("trainyard.db.port", 18432);
            Path dbDir = Path.of(System.getProperty("trainyard.db.dir", "target/pgdata"));
            System.out.printf("starting embedded PostgreSQL on 127.0.0.1:%d (data in %s)%n", dbPort, dbDir);
            embedded = EmbeddedDatabase.start(dbPort, dbDir);
            db = embedded.settings();
        }
        new Seeder(db, System.out).seed(size);

        ServerProcess server = server(serverName, port, runDir, db);
        Stack stack = new Stack(embedded, db, server, serverName);
        System.out.printf("starting %s on port %d%n", serverName, port);
        try {
            server.start();
            stack.awaitReady();
        } catch (Exception e) {
            stack.close();
            throw e;
        }
        return stack;
    }

    /**
     * The server process for trainyard.server (tomcat, jetty, glassfish) and trainyard.variant
     * (platform, virtual), on its JDK: trainyard.java.home for Tomcat and Jetty (21+ for the virtual
     * variants), trainyard.glassfish.java.home for GlassFish (17 here).
     */
    private static ServerProcess server(String name, int port, Path runDir, DbSettings db) {
        String variant = System.getProperty("trainyard.variant", "platform");
        if (!variant.equals("platform") && !variant.equals("virtual")) {
            throw new IllegalArgumentException("variant must be platform or virtual; got " + variant);
        }
        Path configs = Path.of(System.getProperty("trainyard.configs", "server-configs"));
        Path war = Path.of(System.getProperty("trainyard.war", "target/trainyard.war"));
        String modern = System.getProperty("trainyard.java.home", System.getProperty("java.home"));
        return switch (name) {
            case "tomcat" -> new TomcatProcess(Path.of(System.getProperty("tomcat.home")),
                    new ServerLayout(name, variant, port, configs, runDir, war, Jdk.at(modern), db));
            case "jetty" -> new JettyProcess(Path.of(System.getProperty("jetty.home")), Path.of(System.getProperty("jetty.ext")),
                    new ServerLayout(name, variant, port, configs, runDir, war, Jdk.at(modern), db));
            case "glassfish" -> new GlassFishProcess(Path.of(System.getProperty("glassfish.home")),
                    Integer.getInteger("glassfish.admin.port", 18048), Path.of(System.getProperty("trainyard.driver.jar")),
                    new ServerLayout(name, variant, port, configs, runDir, war,
                            Jdk.at(System.getProperty("trainyard.glassfish.java.home", System.getProperty("java.home"))), db));
            default -> throw new IllegalArgumentException("server must be tomcat, jetty or glassfish; got " + name);
        };
    }

    public String baseUrl() {
        return server.baseUrl();
    }

    public String serverName() {
        return serverName;
    }

    public DbSettings db() {
        return db;
    }

    public boolean embeddedDatabase() {
        return embedded != null;
    }

    void awaitServerExit() throws InterruptedException {
        server.awaitExit();
    }

    /** Polls /blocking/hello until it answers 200, the process dies, or the deadline passes. */
    private void awaitReady() throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest hello = HttpRequest.newBuilder(URI.create(server.baseUrl() + "blocking/hello"))
                .timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new IOException("the server process ended during startup");
            }
            try {
                if (client.send(hello, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // Not listening yet.
            }
            Thread.sleep(500);
        }
        throw new IOException("the server did not answer " + hello.uri() + " within " + READY_WITHIN.toSeconds() + " s");
    }

    @Override
    public void close() {
        server.close();
        if (embedded != null) {
            try {
                embedded.close();
            } catch (IOException e) {
                System.err.println("stopping the database failed: " + e);
            }
        }
    }
}
