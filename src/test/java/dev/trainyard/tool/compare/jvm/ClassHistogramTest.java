package dev.trainyard.tool.compare.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** GC.class_histogram's text, as JDK 25 prints it, and what grew between two of them. */
public class ClassHistogramTest {

    private static final String IDLE = """
            2074:
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:          8720         388032  [B (java.base@25.0.3)
               2:          1692         223960  java.lang.Class (java.base@25.0.3)
               3:          1027         137480  [Ljava.lang.Object; (java.base@25.0.3)
               4:            10           4000  jdk.internal.vm.StackChunk (java.base@25.0.3)
            Total         11449         753472
            """;

    private static final String HELD = """
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:         18720       10873792  [B (java.base@25.0.3)
               2:          1010        2101152  jdk.internal.vm.StackChunk (java.base@25.0.3)
               3:          1692         223960  java.lang.Class (java.base@25.0.3)
               4:          1000          64000  org.apache.coyote.Request
               5:          1000          16000  [[I (java.base@25.0.3)
               6:           900         100000  [Ljava.lang.Object; (java.base@25.0.3)
            Total         24322       13378904
            """;

    @Test
    void readsBytesPerClassWithArraysNamedAsJavaWritesThem() {
        Map<String, Long> idle = ClassHistogram.parse(IDLE);
        assertEquals(4, idle.size(), "the total line is not a class: " + idle);
        assertEquals(388_032L, idle.get("byte[]"));
        assertEquals(137_480L, idle.get("java.lang.Object[]"));
        assertEquals(16_000L, ClassHistogram.parse(HELD).get("int[][]"));
    }

    @Test
    void namesWhatGrewMostLeavingOutWhatShrankOrStayed() {
        List<String> grew = ClassHistogram.growth(ClassHistogram.parse(IDLE), ClassHistogram.parse(HELD), 3);
        assertEquals(List.of("byte[] +10.0 MiB", "jdk.internal.vm.StackChunk +2.0 MiB", "org.apache.coyote.Request +0.1 MiB"), grew);
    }
}
