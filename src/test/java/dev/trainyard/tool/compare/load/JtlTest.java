package dev.trainyard.tool.compare.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

public class JtlTest {

    /**
     * JMeter's CSV results (a .jtl, named .csv here because the repository ignores results files),
     * recorded from entry.jmx against Tomcat with ids up to 260,000 of 250,000: some answers are 404.
     */
    static Path recorded() throws URISyntaxException {
        return Path.of(JtlTest.class.getResource("/compare/entry-blocking-404s.csv").toURI());
    }

    @Test
    void readsEveryRecordOfARealResultsFileIncludingMultiLineFailureMessages() throws Exception {
        List<Sample> samples = Jtl.read(recorded());

        assertEquals(135, samples.size());
        assertEquals(127, samples.stream().filter(Sample::success).count());
        assertEquals(8, samples.stream().filter(s -> s.code().equals("404")).count());
        assertTrue(samples.stream().allMatch(s -> s.label().equals("blocking entry")));
        assertTrue(samples.stream().noneMatch(s -> s.code().equals("404") && s.success()));
    }

    @Test
    void findsColumnsByNameAndUnquotesFields() throws IOException {
        String csv = "label,success,elapsed,responseCode,timeStamp,failureMessage\n"
                + "\"a, \"\"quoted\"\" label\",false,12,503,1000,\"line one\nline two\"\n"
                + "plain,true,3,200,2000,\n";
        List<Sample> samples = new ArrayList<>();
        Jtl.read(new StringReader(csv), samples::add);

        assertEquals(2, samples.size());
        assertEquals(new Sample(1000, 12, "a, \"quoted\" label", "503", false), samples.get(0));
        assertEquals(new Sample(2000, 3, "plain", "200", true), samples.get(1));
    }

    @Test
    void refusesAFileWithoutTheColumnsItNeeds() {
        IOException e = assertThrows(IOException.class,
                () -> Jtl.read(new StringReader("timeStamp,elapsed,label\n1,2,x\n"), s -> { }));
        assertTrue(e.getMessage().contains("responseCode"), e.getMessage());
    }

    @Test
    void anEmptyFileHasNoSamples() throws IOException {
        List<Sample> samples = new ArrayList<>();
        Jtl.read(new StringReader(""), samples::add);
        assertFalse(samples.iterator().hasNext());
    }
}
