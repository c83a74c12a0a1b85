package dev.trainyard.tool.compare.measure;

import dev.trainyard.tool.compare.load.JMeterClient;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * JMeter's own dashboard of each server variant, drawn from its cells' results files once its
 * server has stopped. Where the load client has a core of its own, the drawing runs on that core
 * while the next variant's server starts and holds its users, when no load client is measured or
 * warming anything, and the run waits for it only before that variant's warm-up; on a shared core
 * it would slow the server's start, which the footprint reports, so the run draws it at once there.
 */
final class Dashboards {

    private final JMeterClient jmeter;
    private final Path runDir;
    private final ExecutorService behind;
    private final Map<String, String> links = new LinkedHashMap<>();
    private CompletableFuture<Void> drawing = CompletableFuture.completedFuture(null);

    /** @param behind whether a dashboard may be drawn while the run goes on */
    Dashboards(JMeterClient jmeter, Path runDir, boolean behind) {
        this.jmeter = jmeter;
        this.runDir = runDir;
        this.behind = behind ? Executors.newSingleThreadExecutor(r -> {
            // A daemon: the run's end does not wait on its idle thread.
            Thread t = new Thread(r, "jmeter-dashboards");
            t.setDaemon(true);
            return t;
        }) : null;
    }

    /** Draws the variant's dashboard from its cells' results into dir/dashboard, now or behind the run. */
    void draw(String variant, List<Path> jtls, Path dir) {
        Runnable draw = () -> drawNow(variant, jtls, dir);
        if (behind == null) {
            draw.run();
        } else {
            await();
            drawing = CompletableFuture.runAsync(draw, behind);
        }
    }

    /** Waits for the dashboard being drawn, if any. */
    void await() {
        drawing.join();
    }

    /** Each variant's dashboard drawn so far, as a link from the run's folder. */
    synchronized Map<String, String> links() {
        return new LinkedHashMap<>(links);
    }

    private void drawNow(String variant, List<Path> jtls, Path dir) {
        try {
            Path all = dir.resolve("results.jtl");
            concatenate(jtls, all);
            jmeter.dashboard(all, dir.resolve("dashboard"));
            synchronized (this) {
                links.put(variant, runDir.relativize(dir.resolve("dashboard/index.html")).toString());
            }
        } catch (Exception e) {
            System.out.println("  JMeter's dashboard for " + variant + " failed: " + e);
        }
    }

    /** One results file for the variant's dashboard: the cells' files, one header. */
    private static void concatenate(List<Path> jtls, Path into) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(into, StandardCharsets.UTF_8)) {
            boolean header = true;
            for (Path jtl : jtls) {
                List<String> lines = Files.readAllLines(jtl, StandardCharsets.UTF_8);
                for (int i = header ? 0 : 1; i < lines.size(); i++) {
                    out.write(lines.get(i));
                    out.newLine();
                }
                header = false;
            }
        }
    }
}
