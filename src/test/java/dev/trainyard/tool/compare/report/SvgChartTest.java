package dev.trainyard.tool.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.tool.compare.analysis.Interval;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

public class SvgChartTest {

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    @Test
    void pointsWithTrialsCarryAnErrorBarAndOneTrialNone() {
        String svg = new SvgChart("entry", "users", "req/s", false)
                .add("train", 50, 100, false, Interval.of(90, 100, 110))
                .add("train", 400, 300, false, Interval.of(300))
                .add("blocking", 50, 80, false).svg();
        assertEquals(1, count(svg, "class=\"interval\""), svg);
        assertEquals(2, count(svg, "<polyline"));
        assertTrue(svg.contains("<title>train: 100 at 50</title>"), svg);
    }
}
