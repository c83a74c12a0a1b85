package dev.trainyard.tool.bench;

/** One cell's figures, as wrk measured them over the measured interval (warm-up excluded). */
public record Result(long requests, double seconds, double p50Ms, double p95Ms, double p99Ms, double maxMs,
              long non2xx, long socketErrors) {

    public double throughput() {
        return requests / seconds;
    }

    public long errors() {
        return non2xx + socketErrors;
    }
}
