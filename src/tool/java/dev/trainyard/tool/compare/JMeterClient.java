package dev.trainyard.tool.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter, in this JVM, running the plans of jmeter/ with each cell's properties: the same files a
 * user opens in the GUI. It waits for its threads to end, so every request it sent is counted.
 */
final class JMeterClient implements LoadClient {

    private final JMeterEngine engine;
    private final Path plans;

    JMeterClient(Path home, Path plans) throws Exception {
        this.engine = new JMeterEngine(home);
        this.plans = plans;
    }

    @Override
    public String name() {
        return "JMeter " + JMeterUtils.getJMeterVersion();
    }

    @Override
    public boolean countsEveryRequest() {
        return true;
    }

    @Override
    public CellStats run(CellSpec cell, Target target, int warmup, int seconds, Path results) throws Exception {
        Map<String, String> props = new LinkedHashMap<>(cell.props());
        props.put("host", "127.0.0.1");
        props.put("port", String.valueOf(target.port()));
        props.put("users", String.valueOf(cell.users()));
        props.put("rampup", String.valueOf(Math.min(warmup, cell.users() >= 100 ? 1 : 0)));
        int duration = cell.loopBound() ? CellSpec.LOOP_BOUND_CAP_SECONDS : warmup + seconds;
        props.put("duration", String.valueOf(duration));
        props.put("variant", target.variant());
        long start = System.currentTimeMillis();
        engine.run(plans.resolve(cell.plan()), props, results, duration);
        // A loop-bound cell (users x loops) is measured over all its answers, as the original did.
        return CellStats.of(Jtl.read(results), cell.loopBound() ? start : start + warmup * 1000L, start + duration * 1000L);
    }

    /** JMeter's own HTML dashboard for a results file. */
    void dashboard(Path results, Path folder) throws Exception {
        engine.dashboard(results, folder);
    }
}
