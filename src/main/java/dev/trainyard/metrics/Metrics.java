package dev.trainyard.metrics;

import jakarta.servlet.ServletContext;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The WAR's one registry of metric sources, kept in the ServletContext; /metrics reads it. */
public final class Metrics {

    private static final String CONTEXT_KEY = Metrics.class.getName();

    private final List<MetricSource> sources = new CopyOnWriteArrayList<>();
    private final RequestThreads requestThreads = new RequestThreads();

    public static Metrics of(ServletContext context) {
        synchronized (context) {
            Metrics metrics = (Metrics) context.getAttribute(CONTEXT_KEY);
            if (metrics == null) {
                metrics = new Metrics();
                metrics.register(new JvmMetrics());
                metrics.register(metrics.requestThreads);
                context.setAttribute(CONTEXT_KEY, metrics);
            }
            return metrics;
        }
    }

    public RequestThreads requestThreads() {
        return requestThreads;
    }

    public void register(MetricSource source) {
        sources.add(source);
    }

    public void writeTo(PrometheusText out) {
        for (MetricSource source : sources) {
            source.writeTo(out);
        }
    }
}
