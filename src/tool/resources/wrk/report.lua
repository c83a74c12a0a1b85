-- wrk hooks for Trainyard's harness (WrkClient). wrk alone counts every answer above 399 as one
-- kind of error and asks again at once; these hooks keep the manners the JMeter plans have and
-- the counts the cell needs:
-- * a 503 (the server shedding load, by design) is counted apart from every other failing status;
-- * a 503's Retry-After is honoured: the next request wrk sends on this thread waits that long.
--   wrk's threads each drive many connections and its delay() cannot tell which, so the wait
--   falls on the thread's next request rather than on the same connection's; in a closed model
--   of identical users that keeps the same number of waits of the same length.
-- * the measured window: the harness passes its start and end (init's arguments, microseconds of
--   CLOCK_MONOTONIC, the clock of the JVM's System.nanoTime), and the answers that arrive inside it
--   are counted apart, as JMeter counts the samples that end inside its window. A run's own count
--   misses the answers its connections had in flight when it stopped, one per connection; inside a
--   longer run the window's edges lose and gain alike.
-- done() prints one machine-readable line with the figures the report needs (wrk's own
-- --latency table has no p95).

local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } trainyard_timespec;
int clock_gettime(int clock, trainyard_timespec *now);
]]
local CLOCK_MONOTONIC = 1
local now = ffi.new("trainyard_timespec")

local function now_us()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, now)
  return tonumber(now.tv_sec) * 1000000 + math.floor(tonumber(now.tv_nsec) / 1000)
end

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  shed = 0
  failed = 0
  window_ok = 0
  window_shed = 0
  window_failed = 0
  window_from = tonumber(args[1]) or 0
  window_to = tonumber(args[2]) or math.huge
  waits = {}
end

function delay()
  return table.remove(waits, 1) or 0
end

function response(status, headers, body)
  local at = now_us()
  local inside = at >= window_from and at <= window_to
  if status == 503 then
    shed = shed + 1
    if inside then window_shed = window_shed + 1 end
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
    if inside then window_failed = window_failed + 1 end
  elseif inside then
    window_ok = window_ok + 1
  end
end

done = function(summary, latency, requests)
  local shed_all, failed_all, ok_in, shed_in, failed_in = 0, 0, 0, 0, 0
  for _, thread in ipairs(threads) do
    shed_all = shed_all + thread:get("shed")
    failed_all = failed_all + thread:get("failed")
    ok_in = ok_in + thread:get("window_ok")
    shed_in = shed_in + thread:get("window_shed")
    failed_in = failed_in + thread:get("window_failed")
  end
  io.write(string.format(
    "BENCH requests=%d duration_us=%d mean_us=%d p50_us=%d p95_us=%d p99_us=%d max_us=%d status_errors=%d shed=%d"
      .. " status_failed=%d connect_errors=%d read_errors=%d write_errors=%d timeouts=%d window_ok=%d window_shed=%d"
      .. " window_failed=%d\n",
    summary.requests, summary.duration, math.floor(latency.mean),
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max,
    summary.errors.status, shed_all, failed_all, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.timeout, ok_in, shed_in, failed_in))
end
