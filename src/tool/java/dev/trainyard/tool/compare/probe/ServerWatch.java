package dev.trainyard.tool.compare.probe;

import dev.trainyard.tool.compare.jvm.WaitSites;
import dev.trainyard.tool.run.MetricsScrape;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Scrapes the server's /metrics every {@value #EVERY_MS} ms while a cell runs, on its own
 * thread, and keeps the peaks and, once a second, the threads ({@link ThreadTimeline}). One
 * scrape costs the server about a millisecond of one thread; at this rate it is far below the
 * noise of any cell.
 */
public final class ServerWatch {

    public static final long EVERY_MS = 250;

    private final MetricsScrape scrape;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread thread;
    private final Map<String, Double> first;
    private double platformPeak;
    private double busyPlatformPeak;
    private double busyVirtualPeak;
    private double queuePeak;
    private double residentPeak = Double.NaN;
    private int scrapes;
    private final long startNanos = System.nanoTime();
    private ThreadTimeline timeline;
    private long nextSampleMs;

    private ServerWatch(MetricsScrape scrape) throws Exception {
        this.scrape = scrape;
        this.first = MetricsScrape.samples(scrape.text());
        double bound = MetricsScrape.sum(first, "trainyard_server_request_threads_max");
        this.timeline = ThreadTimeline.empty(bound > 0 && MetricsScrape.sum(first, "trainyard_request_thread_virtual") != 1 ? bound : Double.NaN);
        observe(first);
        this.thread = new Thread(this::loop, "server-watch");
        thread.setDaemon(true);
        thread.start();
    }

    public static ServerWatch start(MetricsScrape scrape) throws Exception {
        return new ServerWatch(scrape);
    }

    private void loop() {
        while (running.get()) {
            try {
                Thread.sleep(EVERY_MS);
                Map<String, Double> now = MetricsScrape.samples(scrape.text());
                synchronized (this) {
                    observe(now);
                }
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                // The server is saturated or restarting; the next scrape will tell.
            }
        }
    }

    private void observe(Map<String, Double> s) {
        scrapes++;
        double live = MetricsScrape.sum(s, "trainyard_jvm_threads_live");
        double busyPlatform = MetricsScrape.sum(s, "trainyard_request_threads_busy", "thread=\"platform\"");
        double busyVirtual = MetricsScrape.sum(s, "trainyard_request_threads_busy", "thread=\"virtual\"");
        platformPeak = Math.max(platformPeak, live);
        busyPlatformPeak = Math.max(busyPlatformPeak, busyPlatform);
        busyVirtualPeak = Math.max(busyVirtualPeak, busyVirtual);
        long elapsedMs = (System.nanoTime() - startNanos) / 1_000_000;
        if (elapsedMs >= nextSampleMs) {
            timeline = timeline.plus(elapsedMs / 1000.0, live, busyPlatform, busyVirtual);
            nextSampleMs = (elapsedMs / ThreadTimeline.EVERY_MS + 1) * ThreadTimeline.EVERY_MS;
        }
        queuePeak = Math.max(queuePeak, MetricsScrape.sum(s, "trainyard_executor_queue_depth")
                + MetricsScrape.sum(s, "trainyard_train_queue_depth"));
        if (s.containsKey("process_resident_memory_bytes")) {
            double resident = s.get("process_resident_memory_bytes");
            residentPeak = Double.isNaN(residentPeak) ? resident : Math.max(residentPeak, resident);
        }
    }

    /** Stops watching (after one last scrape) and returns what was seen. */
    public ServerActivity stop() throws Exception {
        running.set(false);
        thread.interrupt();
        thread.join(5_000);
        Map<String, Double> end = MetricsScrape.samples(scrape.text());
        synchronized (this) {
            observe(end);
            return new ServerActivity(platformPeak, busyPlatformPeak, busyVirtualPeak, queuePeak,
                    delta(end, "trainyard_train_batches_total"),
                    delta(end, "trainyard_train_round_trips_total"),
                    delta(end, "trainyard_train_jobs_total"),
                    delta(end, "trainyard_executor_rejected_total")
                            + MetricsScrape.sum(end, "trainyard_train_jobs_total", "outcome=\"rejected\"")
                            - MetricsScrape.sum(first, "trainyard_train_jobs_total", "outcome=\"rejected\""),
                    scrapes, delta(end, "trainyard_db_connection_wait_seconds_total") / ((System.nanoTime() - startNanos) / 1e9),
                    WaitSites.NONE, residentPeak,
                    end.containsKey("process_cpu_seconds_total") ? delta(end, "process_cpu_seconds_total") : Double.NaN, timeline,
                    new Conditions(known(end, "jvm_compilation_time_seconds_total"), known(end, "jvm_gc_collection_seconds_total"),
                            Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN));
        }
    }

    private double delta(Map<String, Double> end, String family) {
        return MetricsScrape.sum(end, family) - MetricsScrape.sum(first, family);
    }

    /** The counter's growth over the cell, NaN where the server's /metrics has none (a WAR that is not ours). */
    private double known(Map<String, Double> end, String counter) {
        return end.containsKey(counter) && first.containsKey(counter) ? end.get(counter) - first.get(counter) : Double.NaN;
    }
}
