import { afterAll, describe, expect, it } from 'vitest';
import { quietLog } from '#test-support/store-events.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { twoConnections } from '#test-support/two-connections.ts';
import { drainOutbox } from './drain-outbox';
import { EventBus } from './event-bus';

// The drain claims each outbox row for one instance: two instances draining the same rows at once run every
// listener once per event, never twice, even with a listener that would count a second run. A failed run is handed
// back and tried again once due.

const ROWS = 30;

describe.each(TEST_ENGINES)('the outbox drain on %s', (engine) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('runs each row once when two instances drain at once, and retries a failed one', async () => {
    const [one, two] = await twoConnections(engine, cleanups);
    const runs: number[] = [];
    let failOnce = true;
    const busOn = (db: typeof one) => {
      const bus = new EventBus({ db, log: quietLog }, { runAfterCommit: false, drainAfterMs: 0 });
      bus.onAfterCommit(['order.paid'], 'test.count-payments', async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (event.orderId === 7 && failOnce) {
          failOnce = false;
          throw new Error('the other side is down');
        }
        runs.push(event.orderId);
      });
      return bus;
    };
    const [a, b] = [busOn(one), busOn(two)];
    for (let orderId = 1; orderId <= ROWS; orderId++) {
      await one
        .transaction()
        .execute((trx) => a.emit(trx, { type: 'order.paid', orderId, refundedCents: 0 }, new Date(Date.now() - 1000)));
    }

    const drain = (bus: EventBus, db: typeof one) =>
      drainOutbox({ db, log: quietLog, listeners: bus.afterCommitListeners }, { limit: 4 });
    const [doneByA, doneByB] = await Promise.all([drain(a, one), drain(b, two)]);
    expect(doneByA + doneByB).toBe(ROWS - 1);
    expect([...runs].sort((x, y) => x - y)).toEqual(
      Array.from({ length: ROWS }, (_, i) => i + 1).filter((id) => id !== 7),
    );
    const failed = await one.selectFrom('event_outbox').selectAll().where('done_at', 'is', null).execute();
    expect(failed).toMatchObject([{ attempts: 1, last_error: 'the other side is down' }]);

    // Drained again: nothing is due (the failed row waits for its retry), then, once it is, only that row runs.
    expect(await drain(a, one)).toBe(0);
    const later = () => new Date(Date.now() + 60_000);
    expect(
      await drainOutbox({ db: two, log: quietLog, listeners: b.afterCommitListeners }, { limit: 4, now: later }),
    ).toBe(1);
    expect(runs.filter((id) => id === 7)).toHaveLength(1);
    expect(runs).toHaveLength(ROWS);
    expect(await drain(a, one)).toBe(0);
  });
});
