package dev.trainyard.tool.compare.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Row;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.probe.ServerActivity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class OfferedRateTest {

    private static final Row ENTRY = Row.of("entry");
    private final Map<CellSpec, List<CellResult>> trials = new LinkedHashMap<>();
    private final List<String> said = new ArrayList<>();

    private void closed(String style, int users, double... throughputs) {
        CellSpec spec = new CellSpec(ENTRY, "entry.jmx", style, users, 0, Map.of(), Double.NaN, Bound.NONE, true, style + "/entry");
        List<CellResult> results = new ArrayList<>();
        for (double t : throughputs) {
            results.add(new CellResult(ServerRun.of("tomcat", ThreadModel.PLATFORM), spec, new CellStats(1000, 0, 0, 2, t, 5, 10, 20, 30, 6, 1000, 1000),
                    ServerActivity.NONE, Double.NaN, null, null, null, null, null, Double.NaN));
        }
        trials.put(spec, results);
    }

    private static CellSpec open(String style) {
        return CellSpec.sharing(ENTRY, style, Map.of("path", style + "/entry"), true, style + "/entry");
    }

    @Test
    void everyStyleIsOfferedTheShareOfTheLeastPeak() {
        closed("blocking", 1, 100);
        closed("blocking", 50, 880, 920);
        closed("async", 50, 1200);
        closed("train", 50, 3000);
        List<CellSpec> cells = List.of(open("blocking"), open("async"), open("train"));
        OfferedRate offered = new OfferedRate(60, cells, said::add);

        for (CellSpec cell : cells) {
            CellSpec at = offered.of(cell, trials);
            // 60% of blocking's best load, the mean of its trials (900 req/s).
            assertEquals(540, at.rate());
            assertEquals("540", at.props().get("rate"));
            assertEquals("540 req/s offered", at.load());
        }
        assertEquals(List.of("open entry: 540 req/s offered to every style, 60% of blocking's closed peak (900 req/s, its best load's mean)"), said);
    }

    @Test
    void aClosedCellOrAGivenRateRunsAsPlanned() {
        closed("blocking", 50, 900);
        CellSpec given = open("blocking").at(75);
        OfferedRate offered = new OfferedRate(60, List.of(given), said::add);
        assertSame(given, offered.of(given, trials));
        CellSpec closedCell = trials.keySet().iterator().next();
        assertSame(closedCell, offered.of(closedCell, trials));
        assertEquals(List.of(), said);
    }

    @Test
    void aWorkWhoseClosedCellsServedNothingIsStillOfferedOneRequestASecond() {
        closed("blocking", 50, 0);
        CellSpec cell = open("blocking");
        assertEquals(1, new OfferedRate(60, List.of(cell), said::add).of(cell, trials).rate());
    }
}
