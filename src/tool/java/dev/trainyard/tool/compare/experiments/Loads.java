package dev.trainyard.tool.compare.experiments;

import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Measurement;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.Row;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the experiments' cells share: the loads per mode, the plans' properties, the sleep every wait uses. */
final class Loads {

    static final int SLEEP_MS = 200;

    private Loads() {
    }

    /** The load levels of a plan: the users option where given, else the mode's. */
    static int[] levels(Options o, int[] normal, int[] full, int[] smoke) {
        if (o.users() != null) {
            return o.users();
        }
        return o.full() ? full : o.smoke() ? smoke : normal;
    }

    static int max(int[] values) {
        int m = 0;
        for (int v : values) {
            m = Math.max(m, v);
        }
        return m;
    }

    /**
     * One style's cell of the open plan on {@code path}: at the rate option where given, else at a
     * share of {@code closed}'s peak, set once the run has measured it.
     */
    static CellSpec open(Options o, Row closed, String style, boolean writesEntries, String path) {
        // Each arrival is a thread of its own: a server that stops answering would gather one per arrival. An answer
        // slower than the drain is cut when the schedule ends anyway, so a timeout that long keeps at most
        // rate x drain requests in flight and loses nothing.
        CellSpec cell = CellSpec.sharing(closed, style, props("path", path, "tail", Measurement.OPEN_MODEL_DRAIN_SECONDS,
                "timeout", 1000 * Measurement.OPEN_MODEL_DRAIN_SECONDS), writesEntries, path);
        return o.rate() > 0 ? cell.at(o.rate()) : cell;
    }

    /** A plan's JMeter properties, in the order given. */
    static Map<String, String> props(Object... pairs) {
        Map<String, String> props = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            props.put(String.valueOf(pairs[i]), String.valueOf(pairs[i + 1]));
        }
        return props;
    }
}
