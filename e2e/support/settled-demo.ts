import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { ACTIVE_JOB_STATUSES } from '../../src/shared/jobs/job-status';

// Beside the API tests (npm test runs both at once) the mockups get a share of the two cores: minutes, not seconds.
const SETTLE_LIMIT_MS = 15 * 60_000;

/**
 * Waits until a freshly seeded demo store has nothing left to do in the background: every room mockup made, every
 * artwork's palette and orientation read, every event handled. Throws past SETTLE_LIMIT_MS, naming what is left.
 */
export async function waitForSettledDemo(db: Kysely<Database>): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  for (;;) {
    const left = await workLeft(db);
    if (Object.values(left).every((count) => count === 0)) return;
    if (Date.now() > deadline) throw new Error(`The demo store did not settle: ${JSON.stringify(left)}`);
    await sleep(250);
  }
}

async function workLeft(db: Kysely<Database>) {
  const count = async (query: { execute(): Promise<{ n: number | string | bigint }[]> }) =>
    Number((await query.execute())[0]?.n ?? 0);
  return {
    mockups: await count(
      db
        .selectFrom('mockup_jobs')
        .select(sql<number>`count(*)`.as('n'))
        .where('status', 'in', ACTIVE_JOB_STATUSES),
    ),
    pictureFacts: await count(
      db
        .selectFrom('artworks')
        .select(sql<number>`count(*)`.as('n'))
        .where((eb) => eb.or([eb('palette', 'is', null), eb('orientation', 'is', null)])),
    ),
    events: await count(
      db
        .selectFrom('event_outbox')
        .select(sql<number>`count(*)`.as('n'))
        .where('done_at', 'is', null),
    ),
  };
}
