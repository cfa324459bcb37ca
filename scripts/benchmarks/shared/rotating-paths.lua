-- Loaded by wrk (-s) for npm run test:cluster's load and bench:print-pack's visitors: each request takes the next of
-- the paths given after `--` (each connection's thread starting at a random one), as browsers asking for a shop's
-- pages and its catalogue would, and the run ends with bench:http's one-line JSON report.
local here = debug.getinfo(1, 'S').source:sub(2):match('(.*/)') or './'
dofile(here .. 'wrk-report.lua')

local paths = {}
local counter = 0

init = function(args)
  for i, path in ipairs(args) do paths[i] = path end
  counter = math.random(#paths)
end

request = function()
  counter = counter + 1
  return wrk.format(nil, paths[(counter % #paths) + 1])
end
