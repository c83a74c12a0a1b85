-- wrk hooks for Trainyard's harness (WrkClient). wrk alone counts every answer above 399 as one
-- kind of error and asks again at once; these hooks keep the manners the JMeter plans have and
-- the counts the cell needs:
-- * a 503 (the server shedding load, by design) is counted apart from every other failing status;
-- * a 503's Retry-After is honoured: the next request wrk sends on this thread waits that long.
--   wrk's threads each drive many connections and its delay() cannot tell which, so the wait
--   falls on the thread's next request rather than on the same connection's; in a closed model
--   of identical users that keeps the same number of waits of the same length.
-- done() prints one machine-readable line with the figures the report needs (wrk's own
-- --latency table has no p95).

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  shed = 0
  failed = 0
  waits = {}
end

function delay()
  return table.remove(waits, 1) or 0
end

function response(status, headers, body)
  if status == 503 then
    shed = shed + 1
    for name, value in pairs(headers) do
      if string.lower(name) == "retry-after" then
        local seconds = tonumber(value)
        if seconds and seconds > 0 then
          table.insert(waits, seconds * 1000)
        end
        break
      end
    end
  elseif status > 399 then
    failed = failed + 1
  end
end

done = function(summary, latency, requests)
  local shed_all, failed_all = 0, 0
  for _, thread in ipairs(threads) do
    shed_all = shed_all + thread:get("shed")
    failed_all = failed_all + thread:get("failed")
  end
  io.write(string.format(
    "BENCH requests=%d duration_us=%d mean_us=%d p50_us=%d p95_us=%d p99_us=%d max_us=%d status_errors=%d shed=%d"
      .. " status_failed=%d connect_errors=%d read_errors=%d write_errors=%d timeouts=%d\n",
    summary.requests, summary.duration, math.floor(latency.mean),
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max,
    summary.errors.status, shed_all, failed_all, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.timeout))
end
