package dev.trainyard.tool.compare.plan;

import dev.trainyard.tool.run.Server;
import dev.trainyard.tool.run.Tuning;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The server variants a run measures, in order — server x variant x tuning x protocol, or the one
 * deployment at a URL — and the variants it cannot run here, each with why. The protocols of one
 * server, variant and tuning share one start ({@link #starts()}).
 */
public record RunPlan(List<ServerRun> runs, List<String> skipped) {

    /** The runs grouped by the server start they run on, in order: a group's runs differ only in their protocol. */
    public List<List<ServerRun>> starts() {
        List<List<ServerRun>> starts = new ArrayList<>();
        ServerRun before = null;
        for (ServerRun run : runs) {
            if (!run.sharesStartWith(before)) {
                starts.add(new ArrayList<>());
            }
            starts.get(starts.size() - 1).add(run);
            before = run;
        }
        return starts;
    }

    /** target=url: the one deployment, of the thread model its /metrics reported. */
    public static RunPlan remote(Options options, ThreadModel variant) {
        return new RunPlan(List.of(new ServerRun(options.urlName(), variant, Tuning.AS_CONFIGURED, options.protocols().get(0))), List.of());
    }

    /** The servers the harness starts, processes or containers. */
    public static RunPlan of(Options options) throws IOException {
        List<ServerRun> runs = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        int threads = (int) SharedSettings.value("trainyard.http.threads", 200);
        int pool = (int) SharedSettings.value("trainyard.jdbc.poolSize", 20);
        for (String server : options.servers()) {
            for (ThreadModel variant : options.variants()) {
                if (options.packaged() ? !(server.equals("glassfish") && variant == ThreadModel.VIRTUAL) : Server.canRun(server, variant.key())) {
                    for (Tuning tuning : options.sweep().points(variant == ThreadModel.PLATFORM, threads, pool)) {
                        for (Protocol protocol : options.protocols()) {
                            runs.add(new ServerRun(server, variant, tuning, protocol));
                        }
                    }
                } else {
                    skipped.add(server + "/" + variant.key() + (server.equals("glassfish")
                            ? " (GlassFish 7 runs only on JDK 17 here: no virtual threads)"
                            : " (the server's JDK is older than 21: set TRAINYARD_JDK21_HOME)"));
                }
            }
        }
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no server variant of " + options.servers() + " x " + options.variants().stream().map(ThreadModel::key).toList() + " can run here");
        }
        return new RunPlan(runs, skipped);
    }
}
