package dev.trainyard.tool.compare.load;

import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Measurement;
import dev.trainyard.tool.compare.plan.Options;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter running the plans of jmeter/ with each cell's properties: the same files a user opens in
 * the GUI, in this JVM or on remote engines, each with its share of the users. It waits for its
 * threads (or every engine) to end, so every request it sent is counted, or says which engine's
 * samples are missing.
 */
public final class JMeterClient implements LoadClient {

    private final JMeterEngine engine;
    private final Path plans;
    private final RemoteEngines remote;
    private String partial;

    public JMeterClient(Path home, Path plans, Options.Engines engines) throws Exception {
        this.engine = new JMeterEngine(home);
        this.plans = plans;
        this.remote = engines == null ? null : new RemoteEngines(engines.hosts(), engines.callback());
    }

    @Override
    public String key() {
        return "jmeter";
    }

    @Override
    public String name() {
        return "JMeter " + JMeterUtils.getJMeterVersion()
                + (remote == null ? "" : " on " + remote.hosts().size() + " remote engines (" + String.join(", ", remote.hosts())
                        + "), a cell's users shared evenly among as many as divide them");
    }

    @Override
    public String partial() {
        return partial;
    }

    @Override
    public OptionalLong uncounted() {
        return OptionalLong.of(0);
    }

    @Override
    public CellStats run(CellSpec cell, Target target, int warmup, int seconds, Path results) throws Exception {
        Map<String, String> props = new LinkedHashMap<>(cell.props());
        // Engines elsewhere reach the server at its own address.
        props.put("host", remote == null ? "127.0.0.1" : URI.create(target.baseUrl()).getHost());
        props.put("port", String.valueOf(target.port()));
        props.put("protocol", URI.create(target.baseUrl()).getScheme());
        props.put("keepalive", String.valueOf(target.keepAlive()));
        List<String> engines = remote == null ? List.of() : remote.hosts().subList(0, enginesFor(cell.users(), remote.hosts().size()));
        props.put("users", String.valueOf(remote == null ? cell.users() : cell.users() / engines.size()));
        // Here a start gate has the users start at once; remote engines ramp them over a second.
        props.put("rampup", String.valueOf(remote == null ? 0 : Math.min(warmup, cell.users() >= 100 ? 1 : 0)));
        int duration = cell.loopBound() ? CellSpec.LOOP_BOUND_CAP_SECONDS : warmup + seconds;
        props.put("duration", String.valueOf(duration));
        props.put("variant", target.variant().key());
        long start = System.currentTimeMillis();
        partial = null;
        if (remote == null) {
            // The open model's schedule pauses after its last arrival for the answers in flight: over once they are in.
            engine.run(plans.resolve(cell.plan()), props, cell.users(), results, cell.plannedDrain() ? duration + Measurement.OPEN_MODEL_DRAIN_SECONDS
                    : duration, cell.plannedDrain() ? duration : -1);
        } else {
            RemoteEngines.Outcome outcome = engine.runOn(remote, engines, plans.resolve(cell.plan()), props, results, duration);
            partial = outcome.missing().isEmpty() ? null : outcome.describe();
        }
        // An open cell is timed from its schedule: it runs on one engine (it has no users to share), so one schedule.
        List<Sample> samples = cell.open() ? DueTimes.retime(Jtl.read(results), cell.rate()) : Jtl.read(results);
        // A loop-bound cell (users x loops) is measured over all its answers, as the original did.
        return CellStats.of(samples, cell.loopBound() ? start : start + warmup * 1000L, start + duration * 1000L,
                results.resolveSibling(results.getFileName().toString().replaceFirst("\\.jtl$", "") + ".hgrm"));
    }

    /** The run in this JVM ends once its requests in flight are answered; remote engines run to their end. */
    @Override
    public void finishEarly() {
        engine.finishEarly();
    }

    /**
     * How many engines run a cell: the most that share its users evenly (each engine runs the
     * same thread group), so that a cell of 50 users has 50, not 51, on three engines it runs on two.
     */
    static int enginesFor(int users, int engines) {
        for (int n = Math.min(engines, Math.max(users, 1)); n > 1; n--) {
            if (users % n == 0) {
                return n;
            }
        }
        return 1;
    }

    /** JMeter's own HTML dashboard for a results file. */
    public void dashboard(Path results, Path folder) throws Exception {
        engine.dashboard(results, folder);
    }
}
