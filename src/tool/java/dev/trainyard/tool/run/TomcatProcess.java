package dev.trainyard.tool.run;

import dev.trainyard.tool.db.DbSettings;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Tomcat from the distribution the build unpacked, run with a CATALINA_BASE of its own (Tomcat's
 * native way to run one installation several ways): conf/ from the installation, where the build
 * laid server-configs/tomcat over it, and a webapps/ holding only trainyard.war.
 */
final class TomcatProcess implements ServerProcess {

    private final Path home;
    private final Path base;
    private final Path war;
    private final Path javaHome;
    private final DbSettings db;
    private final int port;
    private Process process;

    TomcatProcess(Path home, Path base, Path war, Path javaHome, DbSettings db, int port) {
        this.home = home;
        this.base = base;
        this.war = war;
        this.javaHome = javaHome;
        this.db = db;
        this.port = port;
    }

    @Override
    public void start() throws IOException {
        layOutBase();
        ProcessBuilder builder = new ProcessBuilder(home.resolve("bin/catalina.sh").toString(), "run")
                .directory(base.toFile())
                .redirectErrorStream(true)
                .redirectOutput(base.resolve("logs/console.log").toFile());
        Map<String, String> env = builder.environment();
        env.put("CATALINA_HOME", home.toString());
        env.put("CATALINA_BASE", base.toString());
        env.put("JAVA_HOME", javaHome.toString());
        env.put("TRAINYARD_DB_URL", db.url());
        env.put("TRAINYARD_DB_USER", db.user());
        env.put("TRAINYARD_DB_PASSWORD", db.password());
        env.put("TRAINYARD_HTTP_PORT", Integer.toString(port));
        process = builder.start();
    }

    private void layOutBase() throws IOException {
        if (!Files.isRegularFile(home.resolve("bin/catalina.sh"))) {
            throw new IOException("no Tomcat at " + home + ": the build lays it out in the pre-integration-test phase");
        }
        for (String dir : List.of("conf", "logs", "temp", "work", "webapps", "bin")) {
            Files.createDirectories(base.resolve(dir));
        }
        try (Stream<Path> conf = Files.list(home.resolve("conf"))) {
            for (Path file : conf.filter(Files::isRegularFile).toList()) {
                Files.copy(file, base.resolve("conf").resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.copy(home.resolve("bin/setenv.sh"), base.resolve("bin/setenv.sh"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(war, base.resolve("webapps/trainyard.war"), StandardCopyOption.REPLACE_EXISTING);
        deleteTree(base.resolve("webapps/trainyard"));
    }

    @Override
    public String baseUrl() {
        return "http://127.0.0.1:" + port + "/trainyard/";
    }

    @Override
    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    @Override
    public void awaitExit() throws InterruptedException {
        process.waitFor();
    }

    @Override
    public void close() {
        if (process == null || !process.isAlive()) {
            return;
        }
        // SIGTERM: catalina.sh run execs the JVM, whose shutdown hook stops Tomcat cleanly.
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    Path log() {
        return base.resolve("logs/console.log");
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(p);
            }
        }
    }

    static Path javaHomeOf(String configured) {
        Path home = Path.of(configured);
        if (!Files.isExecutable(home.resolve("bin" + File.separator + "java"))) {
            throw new IllegalArgumentException("no java in " + home + " (set trainyard.java.home or TRAINYARD_JDK21_HOME)");
        }
        return home;
    }
}
