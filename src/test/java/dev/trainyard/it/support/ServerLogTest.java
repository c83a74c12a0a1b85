package dev.trainyard.it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A mark in the server's log survives the log being rolled between the mark and the read. */
class ServerLogTest {

    @TempDir
    Path home;

    private Path log;

    @BeforeEach
    void glassFishLayout() throws Exception {
        System.setProperty("trainyard.server", "glassfish");
        System.setProperty("glassfish.home", home.toString());
        log = home.resolve("glassfish/domains/domain1/logs/server.log");
        Files.createDirectories(log.getParent());
        Files.writeString(log, "started\n");
    }

    @AfterEach
    void clear() {
        System.clearProperty("trainyard.server");
        System.clearProperty("glassfish.home");
    }

    @Test
    void readsWhatFollowsTheMarkInTheSameFile() throws Exception {
        ServerLog.Mark mark = ServerLog.mark();
        Files.writeString(log, "failed: NullPointerException\n", StandardOpenOption.APPEND);
        assertEquals("failed: NullPointerException\n", ServerLog.since(mark));
    }

    @Test
    void followsTheMarkedFileWhenItIsRolledAwayAndReadsTheNewOneWhole() throws Exception {
        ServerLog.Mark mark = ServerLog.mark();
        Files.writeString(log, "before the roll\n", StandardOpenOption.APPEND);
        // What GlassFish does when it rolls: renames the file and starts a new one.
        Files.move(log, log.resolveSibling("server.log_2026-12-01T23-48-00"));
        Files.writeString(log, "after the roll\n");
        assertEquals("before the roll\nafter the roll\n", ServerLog.since(mark));
        assertTrue(ServerLog.loggedWithin(mark, "after the roll", 0));
    }

    @Test
    void readsTheNewFileWholeWhenTheMarkedOneIsGone() throws Exception {
        ServerLog.Mark mark = ServerLog.mark();
        Files.delete(log);
        Files.writeString(log, "a new file, shorter than the mark\n".substring(0, 5));
        assertEquals("a new", ServerLog.since(mark));
    }
}
