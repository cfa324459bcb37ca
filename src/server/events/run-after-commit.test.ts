import { afterAll, describe, expect, it } from 'vitest';
import { quietLog } from '#test-support/store-events.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { twoConnections } from '#test-support/two-connections.ts';
import { drainOutbox } from './drain-outbox';
import { EventBus } from './event-bus';

// The request runs its own outbox rows right after its commit, from memory and without a claim: the rows that ran
// are marked done in one statement, and a listener that failed leaves its row with the failure, due for the drain,
// which runs that one alone.

describe.each(TEST_ENGINES)('after-commit work in the request on %s', (engine) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('marks what ran done and leaves a failure to the drain', async () => {
    const [db] = await twoConnections(engine, cleanups);
    const runs: string[] = [];
    const bus = new EventBus({ db, log: quietLog });
    bus.onAfterCommit(['order.paid'], 'test.receipt', async (event) => {
      runs.push(`receipt ${event.orderId}`);
    });
    let down = true;
    bus.onAfterCommit(['order.paid'], 'test.tax-record', async (event) => {
      if (down) throw new Error('the tax service is down');
      runs.push(`tax ${event.orderId}`);
    });

    const work = await db
      .transaction()
      .execute((trx) => bus.emit(trx, { type: 'order.paid', orderId: 41, refundedCents: 0 }));
    await bus.runAfterCommit(work);

    expect(runs).toEqual(['receipt 41']);
    const rows = await db.selectFrom('event_outbox').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.listener, row.done_at !== null, row.attempts, row.last_error])).toEqual([
      ['test.receipt', true, 0, null],
      ['test.tax-record', false, 1, 'the tax service is down'],
    ]);

    down = false;
    const later = () => new Date(Date.now() + 60_000);
    const listeners = bus.afterCommitListeners;
    expect(await drainOutbox({ db, log: quietLog, listeners }, { limit: 10, now: later })).toBe(1);
    expect(runs).toEqual(['receipt 41', 'tax 41']);
    expect(await drainOutbox({ db, log: quietLog, listeners }, { limit: 10, now: later })).toBe(0);
  });
});
