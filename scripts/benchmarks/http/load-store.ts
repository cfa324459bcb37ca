// One URL under load on the store for npm run bench:http: a warm-up one request at a time, wrk, then the store
// restarted if it is still working through what wrk left queued, so the next URL starts on an idle store.
import fs from 'node:fs';
import { waitUntilIdle } from './process-cpu';
import { warmUp } from '../shared/raw-http';
import type { StoreProcess } from '../shared/store-process';
import { runWrk, type LoadSettings, type WrkResult, type WrkScript } from '../shared/wrk';

const WARM_UP_MAX_REQUESTS = 2_000;
/** After the load, how long the store may take to finish the requests wrk left queued before it is restarted. */
const IDLE_WAIT_MS = 3_000;
/** The store's log is emptied between URLs once it is this large (it is opened for appending, so that is safe). */
const LOG_LIMIT_BYTES = 200_000_000;

/** The store being measured; `restart` kills it and starts it again on the same DATA_DIR, and sets `current`. */
export interface StoreHandle {
  current: StoreProcess;
  restart(): Promise<void>;
  logFile: string;
}

function keepLogSmall(logFile: string): void {
  try {
    if (fs.statSync(logFile).size > LOG_LIMIT_BYTES) fs.truncateSync(logFile, 0);
  } catch {
    // No log yet.
  }
}

export async function loadUrl(
  store: StoreHandle,
  urlPath: string,
  headers: Record<string, string>,
  settings: LoadSettings,
  warmUpMs: number,
  /** A POST target (the funnel's beacon): its body for the warm-up, and the wrk script that posts it. */
  post?: { body: string; script: WrkScript },
): Promise<{ result: WrkResult; restarted: boolean }> {
  await warmUp(`${store.current.origin}${urlPath}`, headers, warmUpMs, WARM_UP_MAX_REQUESTS, post?.body);
  const result = await runWrk(`${store.current.origin}${urlPath}`, headers, settings, post?.script);
  let restarted = false;
  if (!(await waitUntilIdle(store.current.pid, IDLE_WAIT_MS))) {
    // Requests wrk left queued would run into the next measurement: start from an idle store instead.
    await store.restart();
    restarted = true;
  }
  keepLogSmall(store.logFile);
  return { result, restarted };
}
