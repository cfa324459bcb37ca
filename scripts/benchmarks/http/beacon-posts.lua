-- Loaded by wrk (-s) for npm run bench:http's funnel beacon: each request POSTs the JSON body given after `--`
-- with a User-Agent of its own, so the store counts every one as a new visitor (hash, visitor set, rate limit and
-- the flush's writes all exercised), and the run ends with bench:http's one-line JSON report.
local here = debug.getinfo(1, 'S').source:sub(2):match('(.*/)') or './'
dofile(here .. '../shared/wrk-report.lua')

local body = '{}'
local counter = 0

init = function(args)
  body = args[1]
  counter = math.random(1000000)
end

request = function()
  counter = counter + 1
  return wrk.format('POST', nil, {
    ['Content-Type'] = 'application/json',
    ['User-Agent'] = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 bench-visitor-' .. counter,
  }, body)
end
