package dev.trainyard.tool.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.text.StringEscapeUtils;
import org.junit.jupiter.api.Test;

/**
 * docs/report.md is generated, so that it says what the code writes: report.html's sections with
 * the sentence each opens with, as the golden report (what {@link GoldenReportTest} holds the code
 * to) has them, and the columns of cells.csv and verdicts.csv with what each holds, from
 * {@link Columns}. {@code -Dreport.record=true} writes it again after a change to either.
 */
class ReportReferenceTest {

    private static final Path REFERENCE = Path.of("docs/report.md");
    private static final Path GOLDEN = Path.of("src/test/resources/compare/golden/report.html");
    /** A chart or table per experiment and load: one row for all of them. */
    private static final Pattern PER_EXPERIMENT = Pattern.compile(".*: throughput and closed-loop p95( against users)?");

    @Test
    void theDocsReferenceIsWhatTheCodeGenerates() throws Exception {
        String generated = markdown(Files.readString(GOLDEN, StandardCharsets.UTF_8));
        if (Boolean.getBoolean("report.record")) {
            Files.writeString(REFERENCE, generated, StandardCharsets.UTF_8);
        }
        assertEquals(generated, Files.readString(REFERENCE, StandardCharsets.UTF_8),
                "docs/report.md is not what the report and its columns generate: ./mvnw test -Dtest=ReportReferenceTest -Dreport.record=true");
    }

    @Test
    void everyColumnIsSaidAndEverySectionNamed() throws Exception {
        String md = Files.readString(REFERENCE, StandardCharsets.UTF_8);
        for (String name : (Columns.CELLS.header() + "," + Columns.VERDICTS.header()).split(",")) {
            assertTrue(md.contains("| `" + name + "` | "), name);
        }
        for (String section : sections(Files.readString(GOLDEN, StandardCharsets.UTF_8)).keySet()) {
            assertTrue(md.contains("| " + section + " | "), section);
        }
        assertTrue(sections(Files.readString(GOLDEN, StandardCharsets.UTF_8)).size() >= 15, "the golden report's sections");
    }

    static String markdown(String goldenReport) {
        StringBuilder md = new StringBuilder("""
                # The report and its files

                What `./mvnw -Pcompare` writes in its run folder (`target/compare/<run>/`, `latest` the last):
                `report.html`, `cells.csv`, `verdicts.csv`, `summary.json` (the cells and verdicts below, typed,
                in the shape of [`summary.schema.json`](summary.schema.json)), `summary.txt` and a folder per
                server variant with each cell's JMeter results, latencies (`.hgrm`) and dashboard. How they are
                measured is [`compare.md`](compare.md)'s.

                This page is generated from the code that writes them: `./mvnw test -Dtest=ReportReferenceTest
                -Dreport.record=true` writes it again. Columns are added at the end, never renamed or moved.

                ## report.html, section by section

                In the order the report has them; where a section opens with a sentence, that sentence. A run
                given a `baseline` or an `assert` has two more after the matrix, "Against the baseline" and
                "Thresholds" (see [`compare.md`](compare.md#in-a-pipeline)).

                | section | what it opens with |
                |---|---|
                """);
        sections(goldenReport).forEach((title, opening) -> md.append("| ").append(title).append(" | ").append(opening).append(" |\n"));
        md.append('\n').append(Columns.CELLS.markdown()).append('\n').append(Columns.VERDICTS.markdown());
        return md.toString();
    }

    /** Each h2 and h3 of the report, in order, with the first sentence of the paragraph it opens with (or none). */
    static Map<String, String> sections(String report) {
        Map<String, String> sections = new LinkedHashMap<>();
        Matcher m = Pattern.compile("<(h[23])[^>]*>(.*?)</\\1>\\s*(<p[^>]*>(.*?)</p>)?", Pattern.DOTALL).matcher(report);
        while (m.find()) {
            String title = text(m.group(2));
            String opening = m.group(4) == null ? "" : firstSentence(text(m.group(4)));
            if (PER_EXPERIMENT.matcher(title).matches()) {
                title = "*experiment* @ *users*: throughput and closed-loop p95 (one per experiment and load; against users where"
                        + " it ran at several)";
                opening = "a table of each variant's styles, or a chart of each style against users";
            }
            sections.putIfAbsent(title, opening);
        }
        return sections;
    }

    private static String text(String html) {
        return StringEscapeUtils.unescapeHtml4(html.replaceAll("<[^>]+>", "")).replaceAll("\\s+", " ").trim().replace("|", "\\|");
    }

    private static String firstSentence(String text) {
        int end = text.indexOf(". ");
        return end < 0 ? text : text.substring(0, end + 1);
    }
}
