package dev.trainyard.metrics;

/**
 * A part of the WAR that shows its bounds and counters on /metrics. Each source writes whole
 * families (HELP, TYPE, then every labelled sample), so families never interleave.
 */
@FunctionalInterface
public interface MetricSource {

    void writeTo(PrometheusText out);
}
