// Whether the store is idle again after a load: wrk stops with up to one request per connection still queued in
// the store, and a slow store can take seconds to work through them. Measured from the CPU time Linux reports for
// the process (all its threads), not by asking the store, whose answer would wait behind that queue.
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Waits until the process has used under 10% of a core in two windows of 250 ms running, for at most `maxMs`.
 * True when it is idle; false when it is still busy then (or when /proc cannot tell).
 */
export async function waitUntilIdle(pid: number, maxMs: number): Promise<boolean> {
  const windowMs = 250;
  const until = performance.now() + maxMs;
  let quietWindows = 0;
  let before = cpuSeconds(pid);
  if (before === null) return false;
  while (performance.now() < until) {
    await sleep(windowMs);
    const after = cpuSeconds(pid);
    if (after === null) return false;
    quietWindows = after - before <= (0.1 * windowMs) / 1000 ? quietWindows + 1 : 0;
    if (quietWindows >= 2) return true;
    before = after;
  }
  return false;
}
