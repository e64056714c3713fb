-- wrk script for bench/serve.mjs: every request GETs a path picked at random from a list of real
-- routes (args[1]: a file with one URL path per line), with Accept-Encoding args[2].
-- Each thread counts the responses outside 2xx; done() prints one JSON line with the figures.
local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
  table.insert(threads, thread)
end

local paths = {}
non2xx = 0

function init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then paths[#paths + 1] = line end
  end
  if args[2] and args[2] ~= "identity" then wrk.headers["Accept-Encoding"] = args[2] end
  math.randomseed(os.time() * 1000 + id)
end

function request()
  return wrk.format("GET", paths[math.random(#paths)])
end

function response(status, headers, body)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
end

function done(summary, latency, requests)
  local bad = 0
  for _, thread in ipairs(threads) do bad = bad + thread:get("non2xx") end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"requests_per_s":%.1f,' ..
    '"latency_us":{"p50":%d,"p90":%d,"p99":%d,"max":%d},"non2xx":%d,' ..
    '"socket_errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d}}\n',
    summary.requests, summary.duration, summary.bytes, summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, bad,
    e.connect, e.read, e.write, e.timeout))
end
