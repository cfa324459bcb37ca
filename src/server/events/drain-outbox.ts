import { OUTBOX_CLAIM_MS, runOutboxRows, type OutboxRunDeps } from './run-outbox-rows';
import { claimDueOutboxRows } from './outbox-repository';

/**
 * The outbox's due rows, claimed in batches of `limit` and run until none is left (or `signal` aborts): what a crash
 * after a commit left, and the retries of failed listeners. Safe on several instances at once: a row is claimed by
 * one only, and a done row is never run again. Returns how many rows were done.
 */
export async function drainOutbox(
  deps: OutboxRunDeps,
  options: { limit: number; now?: () => Date; signal?: AbortSignal },
): Promise<number> {
  const names = [...deps.listeners.keys()];
  const clock = options.now ?? (() => new Date());
  let done = 0;
  for (;;) {
    if (options.signal?.aborted) return done;
    const now = clock();
    const rows = await claimDueOutboxRows(deps.db, names, {
      now,
      until: new Date(now.getTime() + OUTBOX_CLAIM_MS),
      limit: options.limit,
    });
    if (rows.length === 0) return done;
    done += await runOutboxRows(deps, rows);
    // Fewer than asked for: those were the last due rows (a failed one is due again only later).
    if (rows.length < options.limit) return done;
  }
}
