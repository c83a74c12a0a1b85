package dev.trainyard.tool.compare.experiments;

import static dev.trainyard.tool.compare.experiments.Loads.SLEEP_MS;
import static dev.trainyard.tool.compare.experiments.Loads.levels;
import static dev.trainyard.tool.compare.experiments.Loads.props;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Evidence;
import dev.trainyard.tool.compare.analysis.Finding;
import dev.trainyard.tool.compare.analysis.ThreadsOverTime;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.probe.ServerActivity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** E5 threads: many connections on the blocking style against a wait, no work and the database, on both thread models. */
final class E5Threads implements Experiment {

    @Override
    public List<String> plans() {
        return List.of("threads");
    }

    @Override
    public void cells(String plan, Options o, ThreadModel variant, boolean virtualThreads, List<CellSpec> cells) {
        switch (plan) {
            case "threads" -> threads(o, cells);
            default -> throw new IllegalArgumentException("E5Threads has no plan " + plan);
        }
    }

    @Override
    public void claimsAcross(Evidence run, List<Finding> found) {
        found.addAll(threadModels(run));
        found.addAll(new ThreadsOverTime(run.results()).findings());
    }

    /**
     * E5 threads: 500 connections on the blocking style, against a wait (sleep), no work at all
     * (hello, as the original) and the database (entry); compare the variants' rows and their
     * threads over time.
     */
    static void threads(Options o, List<CellSpec> cells) {
        for (int users : levels(o, new int[] {500}, new int[] {500}, new int[] {20})) {
            cells.add(new CellSpec("threads", "threads.jmx", "blocking sleep", users, 0,
                    props("work", "sleep?ms=" + SLEEP_MS), SLEEP_MS / 1000.0, Bound.THREADS, false, "blocking/sleep?ms=" + SLEEP_MS));
            cells.add(new CellSpec("threads", "threads.jmx", "blocking hello", users, 0,
                    props("work", "hello"), Double.NaN, Bound.NONE, false, "blocking/hello"));
            cells.add(new CellSpec("threads", "threads.jmx", "blocking entry", users, 0,
                    props("work", "entry"), Double.NaN, Bound.NONE, true, "blocking/entry"));
        }
    }

    /** E5 threads: virtual threads serve the same load without growing the JVM's platform threads. */
    List<Finding> threadModels(Evidence run) {
        List<Finding> found = new ArrayList<>();
        for (String server : run.results().stream().map(CellResult::server).distinct().toList()) {
            int users = run.results().stream().filter(r -> r.server().equals(server) && r.spec().experiment().equals("sleep"))
                    .mapToInt(r -> r.spec().users()).max().orElse(0);
            Optional<CellResult> platform = run.cell(ServerRun.of(server, ThreadModel.PLATFORM), "sleep", "blocking", users);
            Optional<CellResult> virtual = run.cell(ServerRun.of(server, ThreadModel.VIRTUAL), "sleep", "blocking", users);
            if (platform.isEmpty() || virtual.isEmpty()) {
                continue;
            }
            ServerActivity p = platform.get().facts();
            ServerActivity v = virtual.get().facts();
            found.add(new Finding("E5 threads", "blocking on virtual threads serves " + users
                    + " waiting users without more platform threads, where platform threads hit their bound", server,
                    v.platformThreadsPeak() <= p.platformThreadsPeak() && virtual.get().stats().throughput() > platform.get().stats().throughput(),
                    String.format(Locale.ROOT, "virtual %.0f req/s with %.0f platform threads (%.0f virtual busy); platform %.0f req/s with %.0f",
                            virtual.get().stats().throughput(), v.platformThreadsPeak(), v.busyVirtualPeak(),
                            platform.get().stats().throughput(), p.platformThreadsPeak())));
        }
        return found;
    }
}
