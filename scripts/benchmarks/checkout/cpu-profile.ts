import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

/**
 * BENCH_CPU_PROFILE=<folder>: a V8 CPU profile of each timed run alone (not the setup), written as
 * <label>.cpuprofile for Chrome DevTools or speedscope. The sampling costs a few per cent.
 */
export async function profiled<T>(dir: string | undefined, label: string, run: () => Promise<T>): Promise<T> {
  if (!dir) return run();
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const result = await run();
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${label}.cpuprofile`), JSON.stringify(profile));
    return result;
  } finally {
    session.disconnect();
  }
}
