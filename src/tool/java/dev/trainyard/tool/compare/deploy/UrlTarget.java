package dev.trainyard.tool.compare.deploy;

import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.run.MetricsScrape;
import java.io.IOException;
import java.net.ConnectException;

/** target=url: a deployment the harness did not start, known by what its /metrics says. */
public final class UrlTarget {

    private UrlTarget() {
    }

    /**
     * The thread model of a deployment the harness did not start, from its /metrics; one clear
     * message when nothing answers there, or something that is not Trainyard.
     */
    public static ThreadModel variant(String url) {
        String root = url.endsWith("/") ? url : url + "/";
        String metrics = root + "metrics";
        String text;
        try {
            text = new MetricsScrape(root).text();
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("target=url: nothing answered at " + metrics + " (" + (e instanceof ConnectException
                    ? "connection refused" : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName())
                    + "); is the deployment up, and is url the WAR's root?", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return variantOf(metrics, text);
    }

    /** The thread model /metrics text reports; not Trainyard's /metrics is refused with what it was. */
    static ThreadModel variantOf(String metrics, String text) {
        if (!text.contains("trainyard_request_thread_virtual")) {
            throw new IllegalArgumentException("target=url: " + metrics + " is not Trainyard's (no trainyard_request_thread_virtual);"
                    + " is url the WAR's root (…/trainyard)?");
        }
        return MetricsScrape.value(text, "trainyard_request_thread_virtual") == 1 ? ThreadModel.VIRTUAL : ThreadModel.PLATFORM;
    }
}
