package dev.trainyard.tool.compare.measure;

import dev.trainyard.tool.compare.load.H2loadClient;
import dev.trainyard.tool.compare.load.LoadClient;
import dev.trainyard.tool.compare.load.WrkClient;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.Options;
import dev.trainyard.tool.compare.plan.Protocol;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Who loads what in a run: the run's client; h2load for the cells spoken over HTTP/2 (JMeter and
 * wrk speak HTTP/1.1 only); and wrk for the closed cells JMeter would measure itself in
 * ({@link CellSpec#measuredLean}), where it is installed.
 */
final class Clients {

    private final LoadClient client;
    private final LoadClient http2;
    private final WrkClient lean;
    private final Options options;

    Clients(Options options, LoadClient client, Path runDir) throws IOException {
        this.options = options;
        this.client = client;
        this.http2 = options.protocols().contains(Protocol.H2) ? new H2loadClient(runDir) : null;
        this.lean = options.leanCells() ? installed(runDir) : null;
    }

    /** wrk, or null where it is not installed: then JMeter measures those cells too, as {@link RunFacts} says. */
    private static WrkClient installed(Path runDir) throws IOException {
        try {
            return new WrkClient(runDir);
        } catch (IOException notInstalled) {
            return null;
        }
    }

    /** Who speaks the target's protocol: the warm-ups' and the holds' client. */
    LoadClient forTarget(LoadClient.Target target) {
        return target.protocol() == Protocol.H2 ? http2 : client;
    }

    /** Who measures {@code cell}: as {@link #forTarget}, and wrk where JMeter would measure itself. */
    LoadClient forCell(LoadClient.Target target, CellSpec cell) {
        return target.protocol() != Protocol.H2 && lean != null && cell.measuredLean(options) ? lean : forTarget(target);
    }

    LoadClient main() {
        return client;
    }

    /** The wrk that measures the cells JMeter would measure itself in, or null. */
    LoadClient lean() {
        return lean;
    }

    /** Every client the run may use. */
    List<LoadClient> all() {
        return Stream.of(client, http2, lean).filter(Objects::nonNull).toList();
    }

    /** The clients as the report's header names them. */
    String names() {
        return client.name() + (http2 == null ? "" : " (h2 cells: h2load)")
                + (lean == null ? "" : options.leanFrom() > 1 ? " (closed cells from " + options.leanFrom() + " users: wrk)" : " (closed cells: wrk)");
    }
}
