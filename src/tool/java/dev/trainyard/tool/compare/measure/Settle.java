package dev.trainyard.tool.compare.measure;

import dev.trainyard.tool.compare.plan.Measurement;
import dev.trainyard.tool.run.MetricsScrape;
import java.util.Map;

/** The server at rest between cells, as its /metrics tells it: what every cell, warm-up and hold ends with. */
final class Settle {

    private Settle() {
    }

    /**
     * Waits until the server is at rest, up to {@link Measurement#SETTLE_MS}: no async request open, no
     * Train job queued or riding, no request thread busy but the scrape's own. False when it was not.
     */
    static boolean await(MetricsScrape scrape) throws Exception {
        long deadline = System.currentTimeMillis() + Measurement.SETTLE_MS;
        while (true) {
            Map<String, Double> m = MetricsScrape.samples(scrape.text());
            double inFlight = MetricsScrape.sum(m, "trainyard_async_open_requests") + MetricsScrape.sum(m, "trainyard_train_queue_depth")
                    + MetricsScrape.sum(m, "trainyard_train_workers_busy")
                    + MetricsScrape.sum(m, "trainyard_request_threads_busy") - 1; // this scrape's own thread
            if (inFlight <= 0) {
                return true;
            }
            if (System.currentTimeMillis() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
    }
}
