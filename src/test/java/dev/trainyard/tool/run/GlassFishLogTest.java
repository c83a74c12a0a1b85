package dev.trainyard.tool.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A start's log is judged by what follows the mark: the launcher's record alone is a dead log. */
class GlassFishLogTest {

    private static final String LAUNCHER = "[2026-12-04T22:18:01.1Z] [] [INFO] [NCLS-GFLAUNCHER-00005] [jakarta.enterprise.launcher]"
            + " [tid: _ThreadID=1 _ThreadName=main] [levelValue: 800] [[\n  JVM invocation command line:\n-cp\nglassfish.jar]]\n\n";
    private static final String SERVER = "[2026-12-04T22:18:09.4Z] [GF 7.0.20] [INFO] [NCLS-LOGGING-00009]"
            + " [com.sun.enterprise.server.logging.LogManagerService] [tid: _ThreadID=24] [levelValue: 800] [[\n"
            + "  Running GlassFish Version: Eclipse GlassFish 7.0.20]]\n\n";

    @TempDir
    Path dir;

    @Test
    void aStartWhoseServerLogsIsAlive() throws Exception {
        Path log = dir.resolve("server.log");
        Files.writeString(log, LAUNCHER + SERVER);
        long mark = GlassFishLog.end(log);
        Files.writeString(log, LAUNCHER + SERVER, StandardOpenOption.APPEND);
        assertTrue(GlassFishLog.configuredSince(log, mark));
    }

    @Test
    void onlyTheLauncherAfterTheMarkIsADeadLogThoughAnEarlierStartLogged() throws Exception {
        Path log = dir.resolve("server.log");
        Files.writeString(log, LAUNCHER + SERVER);
        long mark = GlassFishLog.end(log);
        Files.writeString(log, LAUNCHER, StandardOpenOption.APPEND);
        assertFalse(GlassFishLog.configuredSince(log, mark));
        assertFalse(GlassFishLog.configuredWithin(log, mark, Duration.ofMillis(300)));
    }

    @Test
    void aLogRolledAtTheStartIsReadWhole() throws Exception {
        Path log = dir.resolve("server.log");
        Files.writeString(log, LAUNCHER + SERVER + LAUNCHER + SERVER);
        long mark = GlassFishLog.end(log);
        Files.writeString(log, SERVER);
        assertTrue(GlassFishLog.configuredSince(log, mark));
    }

    @Test
    void theLastStartIsWhereItsLauncherWrote() throws Exception {
        Path log = dir.resolve("server.log");
        assertEquals(0, GlassFishLog.lastStart(log));
        Files.writeString(log, LAUNCHER + SERVER);
        long first = GlassFishLog.lastStart(log);
        Files.writeString(log, LAUNCHER, StandardOpenOption.APPEND);
        long second = GlassFishLog.lastStart(log);
        assertTrue(second > first && second < Files.size(log), first + " then " + second);
        assertFalse(GlassFishLog.configuredSince(log, second), "the second start's server has not written");
        assertTrue(GlassFishLog.configuredSince(log, first));
    }

    @Test
    void aDomainWhoseLogIsWrittenIsLeftAlone() throws Exception {
        Path domain = dir.resolve("domain");
        Files.createDirectories(domain.resolve("logs"));
        Files.createDirectories(domain.resolve("config"));
        Path properties = Files.writeString(domain.resolve("config/logging.properties"), "handlers=x\n");
        Files.setLastModifiedTime(properties, java.nio.file.attribute.FileTime.fromMillis(0));
        Files.writeString(domain.resolve("logs/server.log"), LAUNCHER + SERVER);
        assertEquals(GlassFishLog.Outcome.WRITTEN, GlassFishLog.written(domain, 0));
        assertEquals(0, Files.getLastModifiedTime(properties).toMillis(), "logging.properties untouched");
    }

    @Test
    void noLogYetIsNoProof() throws Exception {
        Path log = dir.resolve("server.log");
        assertEquals(0, GlassFishLog.end(log));
        assertFalse(GlassFishLog.configuredSince(log, 0));
    }
}
