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
import java.util.concurrent.CountDownLatch;

/**
 * README's first command: a seeded PostgreSQL (embedded unless trainyard.db.url names one), an
 * application server with the WAR, a check that it answers, the URLs to try, and a clean stop of
 * everything on Ctrl-C.
 *
 * <p>System properties (the pom's run profile sets them): trainyard.server (tomcat),
 * trainyard.http.port (18080), trainyard.db.port and .dir (the embedded database),
 * trainyard.store.size (tiny, default, large), trainyard.java.home (the server's JDK),
 * trainyard.war, tomcat.home, trainyard.run.dir.
 */
public final class RunServer {

    private static final Duration READY_WITHIN = Duration.ofSeconds(180);

    private RunServer() {
    }

    public static void main(String[] args) throws Exception {
        String server = System.getProperty("trainyard.server", "tomcat");
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

        ServerProcess process = switch (server) {
            case "tomcat" -> new TomcatProcess(
                    Path.of(System.getProperty("tomcat.home")), runDir.resolve("tomcat"),
                    Path.of(System.getProperty("trainyard.war", "target/trainyard.war")),
                    TomcatProcess.javaHomeOf(System.getProperty("trainyard.java.home", System.getProperty("java.home"))),
                    db, port);
            default -> throw new IllegalArgumentException("trainyard.server must be tomcat (others arrive with the server runner); got " + server);
        };

        CountDownLatch stopped = new CountDownLatch(1);
        EmbeddedDatabase database = embedded;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("stopping " + server + (database != null ? " and the embedded database" : ""));
            process.close();
            if (database != null) {
                try {
                    database.close();
                } catch (IOException e) {
                    System.err.println("stopping the database failed: " + e);
                }
            }
            stopped.countDown();
        }, "trainyard-stop"));

        System.out.printf("starting %s on port %d%n", server, port);
        process.start();
        awaitReady(process);
        printUrls(server, process.baseUrl(), embedded != null);
        process.awaitExit();
        if (stopped.getCount() > 0) {
            System.err.println(server + " exited on its own; see " + runDir.resolve(server).resolve("logs"));
            System.exit(1);
        }
    }

    /** Polls /blocking/hello until it answers 200, the process dies, or the deadline passes. */
    private static void awaitReady(ServerProcess process) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest hello = HttpRequest.newBuilder(URI.create(process.baseUrl() + "blocking/hello"))
                .timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
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

    private static void printUrls(String server, String base, boolean embeddedDatabase) {
        System.out.println();
        System.out.println("Trainyard is up on " + server + ". Try:");
        for (String path : new String[] {
            "blocking/hello", "blocking/sleep?ms=200", "blocking/entry", "blocking/entry?id=42",
            "blocking/store/s1?type=C", "blocking/store/s2?productId=7", "blocking/store/s3",
            "blocking/store/s4?from=2021-03-01&to=2021-03-31", "blocking/store/c1", "blocking/store/c2",
            "blocking/store/c3", "blocking/store/c4", "blocking/products?count=1000"}) {
            System.out.println("  " + base + path);
        }
        System.out.println("Ctrl-C stops the server" + (embeddedDatabase ? " and the embedded database." : "."));
    }
}
