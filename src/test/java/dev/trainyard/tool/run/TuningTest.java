package dev.trainyard.tool.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.FileInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TuningTest {

    @TempDir
    Path dir;

    @Test
    void aTuningReplacesItsValuesInTheSharedFileAndKeepsEveryOtherLine() throws Exception {
        Path shared = Files.writeString(dir.resolve("trainyard.properties"),
                "# threads\ntrainyard.http.threads=200\ntrainyard.http.minThreads=10\ntrainyard.jdbc.poolSize=20\n", StandardCharsets.UTF_8);
        Path tuned = new Tuning(50, 40).apply(shared, dir.resolve("run/tuned.properties"));
        Properties p = load(tuned);
        assertEquals("50", p.getProperty("trainyard.http.threads"));
        assertEquals("40", p.getProperty("trainyard.jdbc.poolSize"));
        assertEquals("10", p.getProperty("trainyard.http.minThreads"));
        assertEquals(4, Files.readAllLines(tuned).size(), "one line per setting: none appended twice");
        assertEquals("200", load(shared).getProperty("trainyard.http.threads"), "the shared file itself is left alone");
    }

    private static Properties load(Path file) throws Exception {
        Properties p = new Properties();
        try (FileInputStream in = new FileInputStream(file.toFile())) {
            p.load(in);
        }
        return p;
    }

    @Test
    void theEqualSettingsUseTheSharedFileAsItIs() throws Exception {
        Path shared = Files.writeString(dir.resolve("trainyard.properties"), "trainyard.http.threads=200\n");
        assertSame(shared, Tuning.AS_CONFIGURED.apply(shared, dir.resolve("unused")));
        assertEquals("as configured", Tuning.AS_CONFIGURED.label());
    }

    @Test
    void eachServerGetsTheLinesOfItsOwnFiles() {
        Tuning t = new Tuning(50, 40);
        assertEquals(List.of("conf/trainyard.properties: trainyard.http.threads=50", "conf/trainyard.properties: trainyard.jdbc.poolSize=40"),
                t.pasteLines("tomcat"));
        assertEquals(List.of("start.d/trainyard-shared.ini: trainyard.jdbc.poolSize=40"), new Tuning(null, 40).pasteLines("jetty"));
        assertEquals(List.of("asadmin set configs.config.server-config.thread-pools.thread-pool.http-thread-pool.max-thread-pool-size=50",
                "asadmin set resources.jdbc-connection-pool.trainyard-pool.max-pool-size=40"), t.pasteLines("glassfish"));
        assertEquals("threads=50 pool=40", t.label());
    }

    @Test
    void settingsBelowTheSharedMinimumsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Tuning(5, null));
        assertThrows(IllegalArgumentException.class, () -> new Tuning(null, 1));
    }
}
