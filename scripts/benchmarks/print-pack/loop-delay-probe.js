// Loaded into bench:print-pack's store with `node --import` (the store's code unchanged): the delay of its event
// loop, every 500 ms one JSON line into BENCH_LOOP_DELAY_FILE, so the benchmark can tell a store kept from its
// requests (a long synchronous task, or no CPU for its main thread) from one that answers in time. Plain
// JavaScript, so plain node loads it beside the built server.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import process from 'node:process';
import { setInterval } from 'node:timers';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    const line = { at: Date.now(), p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
    delay.reset();
  }, 500).unref();
}
