package dev.trainyard.it.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.io.FileUtils;

/**
 * The CATALINA_BASE the suite's Tomcat runs from (system property tomcat.base, read by
 * arquillian-tomcat.xml): the installation itself for the platform variant, as the build laid it
 * out; for the virtual variant (trainyard.variant=virtual) a base of its own beside it with
 * server-configs/tomcat/virtual laid over its conf/, the way the runner and the images run that
 * variant, and the manager application Arquillian deploys through.
 */
final class TomcatBase {

    private TomcatBase() {
    }

    static void layOut() throws IOException {
        Path home = Path.of(System.getProperty("tomcat.home"));
        String variant = System.getProperty("trainyard.variant", "platform");
        if (variant.equals("platform")) {
            System.setProperty("tomcat.base", home.toString());
            return;
        }
        Path overlay = Path.of(System.getProperty("trainyard.configs", "server-configs"), "tomcat", variant);
        if (!Files.isDirectory(overlay)) {
            throw new IllegalStateException("no Tomcat variant " + variant + " in " + overlay.toAbsolutePath());
        }
        Path base = home.resolveSibling("tomcat-" + variant);
        FileUtils.deleteDirectory(base.toFile());
        for (String dir : List.of("logs", "temp", "work", "webapps")) {
            Files.createDirectories(base.resolve(dir));
        }
        // conf/Catalina holds what the last run deployed: it stays behind.
        FileUtils.copyDirectory(home.resolve("conf").toFile(), base.resolve("conf").toFile(),
                file -> !file.getName().equals("Catalina"));
        FileUtils.copyFileToDirectory(home.resolve("bin/setenv.sh").toFile(), base.resolve("bin").toFile());
        FileUtils.copyDirectory(home.resolve("webapps/manager").toFile(), base.resolve("webapps/manager").toFile());
        FileUtils.copyDirectory(overlay.toFile(), base.toFile());
        System.setProperty("tomcat.base", base.toString());
    }
}
