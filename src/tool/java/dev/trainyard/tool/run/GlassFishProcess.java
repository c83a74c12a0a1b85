package dev.trainyard.tool.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.FileUtils;

/**
 * GlassFish 7 from the distribution the build unpacked, with a domain of its own in the run
 * directory ({@link GlassFishDomain}), started with asadmin, GlassFish's native tool, then the WAR
 * deployed at /trainyard. GlassFish 7 has no virtual-thread variant (that arrives in GlassFish 8).
 */
final class GlassFishProcess implements ServerProcess {

    private static final String DOMAIN = GlassFishDomain.NAME;

    private final Path home;
    private final int adminPort;
    private final ServerLayout layout;
    private final Asadmin asadmin;
    private final GlassFishDomain domain;
    private boolean started;

    GlassFishProcess(Path home, int adminPort, Path driverJar, ServerLayout layout) {
        if (layout.virtual()) {
            throw new IllegalArgumentException("GlassFish 7 has no virtual-thread variant (virtual threads arrive in"
                    + " GlassFish 8); run -Dvariant=platform. The WAR's own executors still use virtual threads on JDK 21+.");
        }
        layout.jdk().requireAtMost(17, "GlassFish 7");
        this.adminPort = adminPort;
        this.layout = layout;
        this.asadmin = new Asadmin(home, layout);
        this.domain = new GlassFishDomain(home, adminPort, driverJar, layout, asadmin);
        this.home = home;
    }

    @Override
    public void start() throws IOException {
        if (!asadmin.installed()) {
            throw new IOException("no GlassFish at " + home + ": the build lays it out in the pre-integration-test phase");
        }
        Path domains = layout.base();
        FileUtils.deleteDirectory(domains.toFile());
        Files.createDirectories(domains);
        domain.makeIn(domains);
        // Set first: a stop that comes while the domain starts must still stop it.
        started = true;
        startWithItsLog(domains);
        asadmin("--port", Integer.toString(adminPort), "deploy", "--contextroot", "trainyard", "--name", "trainyard",
                layout.war().toString());
    }

    /** Where this run's admin password is: asadmin --user admin --passwordfile &lt;this&gt; for your own commands. */
    public Path adminPasswordFile() {
        return GlassFishDomain.adminPasswordFile(layout);
    }

    /**
     * Starts the domain and proves its server.log is written ({@link GlassFishLog}): a start that
     * came up with its logging dead is revived the way GlassFish allows, and said so; one that stays
     * dead fails the run rather than serve without a record of its failures.
     */
    private void startWithItsLog(Path domains) throws IOException {
        long from = GlassFishLog.end(log());
        asadmin("start-domain", "--domaindir", domains.toString(), DOMAIN);
        switch (GlassFishLog.written(domains.resolve(DOMAIN), from)) {
            case WRITTEN -> { }
            case REVIVED -> System.out.println("GlassFish came up with its logging dead (no " + GlassFishLog.LOGGING_CONFIGURED
                    + " record in server.log); its logging.properties written again revived it, the start's records written");
            case DEAD -> throw new IOException("GlassFish came up with its logging dead: no " + GlassFishLog.LOGGING_CONFIGURED
                    + " record in " + log() + " since its start, nor once its logging.properties was written again");
        }
    }

    private void asadmin(String... args) throws IOException {
        asadmin.run(adminPasswordFile(), args);
    }

    @Override
    public String baseUrl() {
        return layout.baseUrl();
    }

    /** The domain's JVM: asadmin starts it in the background, so it is found by its domain directory. */
    @Override
    public List<ProcessHandle> processes() {
        String domainDir = layout.base().resolve(DOMAIN).toString();
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(line -> line.contains(domainDir)).orElse(false))
                .toList();
    }

    @Override
    public Path directory() {
        return layout.base();
    }

    /** The domain's server.log: GlassFish writes every line there, the application's too. */
    @Override
    public Path log() {
        return layout.base().resolve(DOMAIN).resolve("logs/server.log");
    }

    @Override
    public boolean isAlive() {
        return started;
    }

    @Override
    public void awaitExit() throws InterruptedException {
        // asadmin runs the domain in the background: wait until its admin port closes.
        while (started && listening()) {
            Thread.sleep(1000);
        }
    }

    private boolean listening() {
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress("127.0.0.1", adminPort), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Stops the domain cleanly. GlassFish 7 closes its listeners first when it stops, cutting every
     * request in flight without an answer, and has no graceful stop of its own; so the WAR is
     * told to drain first (its drain file), which it does while the listeners still carry the
     * answers out, and the domain stops once the WAR says it is done (or after the stop bound).
     */
    @Override
    public void close() {
        if (!started) {
            return;
        }
        Path file = GlassFishDomain.drainFile(layout);
        Path done = file.resolveSibling(file.getFileName() + ".done");
        try {
            Files.writeString(file, "stop\n");
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(stopTimeoutMillis());
            while (!Files.exists(done) && System.nanoTime() < deadline && listening()) {
                Thread.sleep(100);
            }
        } catch (IOException e) {
            System.err.println("could not ask the WAR to drain before the stop: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            asadmin("stop-domain", "--domaindir", layout.base().toString(), DOMAIN);
        } catch (IOException e) {
            // A domain that no longer answers its admin port (its listener's thread lost to an
            // OutOfMemoryError, say) cannot be asked: it is killed, so that nothing stays bound.
            System.err.println("stopping GlassFish failed: " + e.getMessage() + "; killing its JVM");
            processes().forEach(ProcessHandle::destroyForcibly);
        }
        started = false;
    }

    private long stopTimeoutMillis() throws IOException {
        return Long.parseLong(GlassFishDomain.shared(layout).getProperty("trainyard.shutdown.stopTimeoutMillis", "8000"));
    }
}
