package dev.trainyard.tool.run;

import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.commons.io.FileUtils;

/**
 * Jetty 12 from jetty-home (a Maven artifact the build unpacked), run with a jetty.base of its
 * own: server-configs/jetty (modules/, etc/, start.d/, plus the variant's start.d), the shared
 * values as start.d/trainyard-shared.ini (an ini file is a properties file), HikariCP and the
 * driver in lib/ext, and webapps/trainyard.war; for HTTPS, server-configs/jetty/tls laid over that.
 */
final class JettyProcess extends ForkedServer {

    private final Path home;
    private final Path extJars;

    JettyProcess(Path home, Path extJars, ServerLayout layout) {
        super(layout);
        this.home = home;
        this.extJars = extJars;
        if (layout.virtual()) {
            layout.jdk().requireAtLeast(21, "Jetty's threadpool-virtual module");
        }
    }

    @Override
    public void start() throws IOException {
        if (!Files.isRegularFile(home.resolve("start.jar"))) {
            throw new IOException("no jetty-home at " + home + ": the build lays it out in the pre-integration-test phase");
        }
        Path base = layout.base();
        FileUtils.deleteDirectory(base.toFile());
        for (String dir : List.of("modules", "etc", "start.d")) {
            FileUtils.copyDirectory(layout.configs().resolve("jetty").resolve(dir).toFile(), base.resolve(dir).toFile());
        }
        if (layout.virtual()) {
            FileUtils.copyDirectory(layout.configs().resolve("jetty/virtual").toFile(), base.toFile());
        }
        layout.layTlsOver(base);
        Files.copy(layout.sharedProperties(), base.resolve("start.d/trainyard-shared.ini"));
        FileUtils.copyDirectory(extJars.toFile(), base.resolve("lib/ext").toFile(), f -> f.getName().endsWith(".jar"));
        FileUtils.copyFileToDirectory(layout.war().toFile(), base.resolve("webapps").toFile());
        Files.createDirectories(base.resolve("logs"));

        List<String> command = new ArrayList<>(List.of(layout.jdk().home().resolve("bin/java").toString(),
                "-Dtrainyard.db.url=" + layout.db().url(),
                "-Dtrainyard.db.user=" + layout.db().user(),
                "-D" + DbSettings.PGPASSFILE_PROPERTY + "=" + layout.pgpass()));
        // The shared values are Jetty properties in start.d (for the XML and the ini files); the WAR
        // reads its settings as system properties on every server, so it gets them that way too.
        Properties shared = new Properties();
        try (InputStream in = Files.newInputStream(layout.sharedProperties())) {
            shared.load(in);
        }
        shared.stringPropertyNames().stream().sorted().forEach(name -> command.add("-D" + name + "=" + shared.getProperty(name)));
        command.addAll(List.of("-jar", home.resolve("start.jar").toString(),
                "jetty.home=" + home, "jetty.base=" + base, "jetty.http.port=" + layout.port()));
        process = new ProcessBuilder(CpuAffinity.onServerCpus(command))
                .directory(base.toFile())
                .redirectErrorStream(true)
                .redirectOutput(base.resolve("logs/console.log").toFile())
                .start();
    }
}
