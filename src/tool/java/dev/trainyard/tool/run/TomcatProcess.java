package dev.trainyard.tool.run;

import dev.trainyard.tool.db.DbSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.commons.io.FileUtils;

/**
 * Tomcat from the distribution the build unpacked, run with a CATALINA_BASE of its own (Tomcat's
 * native way to run one installation several ways): the installation's conf/ (with
 * server-configs/tomcat laid over it by the build), the variant's server.xml on top, the shared
 * values as conf/trainyard.properties (bin/setenv.sh hands them to the JVM), and a webapps/
 * holding only trainyard.war; for HTTPS, server-configs/tomcat/tls laid over that.
 */
final class TomcatProcess extends ForkedServer {

    private final Path home;

    TomcatProcess(Path home, ServerLayout layout) {
        super(layout);
        this.home = home;
        if (layout.virtual()) {
            layout.jdk().requireAtLeast(21, "Tomcat's virtual-thread executor");
        }
    }

    @Override
    public void start() throws IOException {
        if (!Files.isRegularFile(home.resolve("bin/catalina.sh"))) {
            throw new IOException("no Tomcat at " + home + ": the build lays it out in the pre-integration-test phase");
        }
        Path base = layout.base();
        FileUtils.deleteDirectory(base.toFile());
        for (String dir : List.of("logs", "temp", "work", "webapps")) {
            Files.createDirectories(base.resolve(dir));
        }
        FileUtils.copyDirectory(home.resolve("conf").toFile(), base.resolve("conf").toFile());
        FileUtils.copyDirectory(layout.configs().resolve("tomcat/bin").toFile(), base.resolve("bin").toFile());
        if (layout.virtual()) {
            FileUtils.copyDirectory(layout.configs().resolve("tomcat/virtual/conf").toFile(), base.resolve("conf").toFile());
        }
        layout.layTlsOver(base);
        Files.copy(layout.sharedProperties(), base.resolve("conf/trainyard.properties"));
        FileUtils.copyFileToDirectory(layout.war().toFile(), base.resolve("webapps").toFile());
        base.resolve("bin/setenv.sh").toFile().setExecutable(true);

        ProcessBuilder builder = new ProcessBuilder(CpuAffinity.onServerCpus(List.of(home.resolve("bin/catalina.sh").toString(), "run")))
                .directory(base.toFile())
                .redirectErrorStream(true)
                .redirectOutput(base.resolve("logs/console.log").toFile());
        Map<String, String> env = builder.environment();
        env.put("CATALINA_HOME", home.toString());
        env.put("CATALINA_BASE", base.toString());
        env.put("JAVA_HOME", layout.jdk().home().toString());
        env.put("TRAINYARD_DB_URL", layout.db().url());
        env.put("TRAINYARD_DB_USER", layout.db().user());
        env.put("CATALINA_OPTS", "-D" + DbSettings.PGPASSFILE_PROPERTY + "=" + layout.pgpass());
        env.put("TRAINYARD_HTTP_PORT", Integer.toString(layout.port()));
        process = builder.start();
    }
}
