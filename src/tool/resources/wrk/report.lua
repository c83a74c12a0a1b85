-- wrk reporting hook for Trainyard's harness (WrkClient): one machine-readable line with the figures the
-- report needs (wrk's own --latency table has no p95).
done = function(summary, latency, requests)
  io.write(string.format(
    "BENCH requests=%d duration_us=%d mean_us=%d p50_us=%d p95_us=%d p99_us=%d max_us=%d status_errors=%d connect_errors=%d read_errors=%d write_errors=%d timeouts=%d\n",
    summary.requests, summary.duration, math.floor(latency.mean),
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max,
    summary.errors.status, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.timeout))
end
