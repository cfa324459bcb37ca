// The shop page's rate, the store's against a bare node server's, measured as bench:http measures it: wrk (one
// thread, 50 connections) on the store, then the same on a bare node:http server in a process of its own answering
// the store's very bytes, in turns of a few seconds. Taking turns puts both under the same load of the moment: the
// machine's, and the bulk upload's background work while it runs.
import path from 'node:path';
import { startBareServer, type BareServer } from '../shared/bare-server';
import { getRaw } from '../shared/raw-http';
import { checkWrk, errorCount, requestsPerSecond, runWrk, type LoadSettings } from '../shared/wrk';

const PAGE = '/shop';
const HEADERS = { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' };
const TURN: LoadSettings = { threads: 1, connections: 50, seconds: 3, timeoutSeconds: 2 };

export interface PageRates {
  store: number;
  bare: number;
  /** Answers other than 2xx/3xx, socket errors and timeouts, on the store. */
  errors: number;
  turns: number;
}

export interface PageRateMeter {
  /**
   * Turns of store then bare node, for as long as `running` says (at least one), `restMs` apart: a sample of what
   * the store can serve while it works, not a flood that takes the machine from the work for the whole run.
   */
  measure(running: () => boolean, restMs?: number): Promise<PageRates>;
  stop(): Promise<void>;
}

/** Records the store's shop page and starts the bare server that answers it (in `scratch`). */
export async function pageRateMeter(storeOrigin: string, scratch: string): Promise<PageRateMeter> {
  checkWrk();
  const page = await getRaw(`${storeOrigin}${PAGE}`, HEADERS);
  if (page.status !== 200) throw new Error(`${PAGE} answered ${page.status}`);
  const bare: BareServer = await startBareServer(new Map([[PAGE, page]]), path.join(scratch, 'bare-answers.json'));
  return {
    async measure(running, restMs = 0) {
      const sum = { store: 0, bare: 0, errors: 0, turns: 0 };
      do {
        if (sum.turns > 0) await restWhile(running, restMs);
        const store = await runWrk(`${storeOrigin}${PAGE}`, HEADERS, TURN);
        const yardstick = await runWrk(`${bare.origin}${PAGE}`, HEADERS, TURN);
        sum.store += requestsPerSecond(store);
        sum.bare += requestsPerSecond(yardstick);
        sum.errors += errorCount(store);
        sum.turns++;
      } while (running());
      return { store: sum.store / sum.turns, bare: sum.bare / sum.turns, errors: sum.errors, turns: sum.turns };
    },
    stop: () => bare.stop(),
  };
}

async function restWhile(running: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (running() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
}

export const forMs = (ms: number) => {
  const until = Date.now() + ms;
  return () => Date.now() < until;
};
