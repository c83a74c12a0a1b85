package dev.trainyard.tool.run;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * README's first command: a seeded PostgreSQL (embedded unless trainyard.db.url names one), an
 * application server with the WAR, a check that it answers, the URLs to try, and a clean stop of
 * everything on Ctrl-C.
 *
 * <p>System properties: server (tomcat|jetty|glassfish), variant (platform|virtual), protocol
 * (http, or https: HTTPS with HTTP/2 beside plain HTTP, on trainyard.https.port, 18443, with a
 * self-signed keystore under target/run/tls unless trainyard.tls.keystore and
 * trainyard.tls.passwordFile name one), trainyard.http.port (18080), trainyard.store.size (tiny,
 * default, large), threads and pool (request threads and the JDBC pool's size over
 * server-configs/, as the tuning sweep sets them); where the servers,
 * the JDKs and the database live come from the build ({@link BuildLayout}).
 */
public final class RunServer {

    private RunServer() {
    }

    public static void main(String[] args) throws Exception {
        BuildLayout.apply();
        Stack stack = new Stack();
        AtomicBoolean stopping = new AtomicBoolean();
        // Registered before anything starts: a stop during the start-up leaves nothing running.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping.set(true);
            System.out.println("stopping the server and the database the runner started");
            stack.close();
        }, "trainyard-stop"));
        stack.startAll();
        printUrls(stack);
        stack.awaitServerExit();
        if (!stopping.get()) {
            System.err.println(stack.serverName() + " exited on its own; see its logs under target/run/");
            System.exit(1);
        }
    }

    private static void printUrls(Stack stack) {
        System.out.println();
        System.out.println("Trainyard is up on " + stack.serverName() + ". Try:");
        for (String path : new String[] {
            "blocking/hello", "blocking/sleep?ms=200", "blocking/entry", "blocking/entry?id=42",
            "blocking/store/s1?type=C", "blocking/store/s2?productId=7", "blocking/store/s3",
            "blocking/store/s4?from=2021-03-01&to=2021-03-31", "blocking/store/c1", "blocking/store/c2",
            "blocking/store/c3", "blocking/store/c4", "blocking/products?count=1000",
            "async/hello", "async/sleep?ms=200", "async/offload/sleep?ms=200&pool=bounded", "async/entry",
            "async/store/c4", "async/products?count=1000", "train/entry", "train/entry?policy=window",
            "train/store/s2?productId=7", "metrics"}) {
            System.out.println("  " + stack.baseUrl() + path);
        }
        stack.httpsUrl().ifPresent(https -> {
            System.out.println("Over HTTPS (TLS 1.2 and 1.3; HTTP/2 by ALPN, HTTP/1.1 for clients that ask for it), e.g.:");
            System.out.println("  " + https + "blocking/hello");
            System.out.println("  " + https + "train/entry");
            stack.certificatePem().ifPresent(pem -> System.out.println("  curl --cacert " + pem + " " + https + "metrics"));
        });
        System.out.println("Its log: " + stack.serverLog().toAbsolutePath());
        if (stack.embeddedDatabase()) {
            // The password in a file only its owner reads (what Tomcat's and Jetty's pools read too), never on the console.
            java.nio.file.Path pgpass = stack.db().writePgpass(java.nio.file.Path.of(System.getProperty("trainyard.run.dir", "target/run"),
                    "db.pgpass")).toAbsolutePath();
            System.out.println("Its database: " + stack.db().url() + " as " + stack.db().user() + ", the password in " + pgpass
                    + " (PGPASSFILE for psql)");
        }
        System.out.println("Ctrl-C stops the server" + (stack.embeddedDatabase() ? " and the embedded database." : "."));
    }
}
