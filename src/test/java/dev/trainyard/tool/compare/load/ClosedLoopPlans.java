package dev.trainyard.tool.compare.load;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the tests of the plans' client logic share: JMeter itself (the build's JMeter home), a
 * directory for each run's samples, and the closed-loop plans of jmeter/ they run one by one
 * ({@code @MethodSource("plans")}).
 */
public abstract class ClosedLoopPlans {

    protected static JMeterEngine engine;

    @TempDir
    protected Path dir;

    @BeforeAll
    static void jmeter() throws Exception {
        engine = new JMeterEngine(Path.of(System.getProperty("trainyard.jmeter.home", "target/jmeter")));
    }

    static Stream<String> plans() {
        return Stream.of("hello", "sleep", "entry", "offload", "store", "products", "threads");
    }
}
