-- Loaded by wrk (-s) for npm run bench:http: prints one line of JSON after the run, so the numbers need no
-- parsing of wrk's text. Latencies are in microseconds. wrk counts a request slower than --timeout as a timeout
-- and leaves it out of the latency histogram.
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
      '"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d,"meanUs":%.1f}\n',
    summary.requests, summary.duration, summary.bytes, errors.connect, errors.read, errors.write, errors.status,
    errors.timeout, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
