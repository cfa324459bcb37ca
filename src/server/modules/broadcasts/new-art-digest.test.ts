import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { insertSubscribers } from '#test-support/list-subscribers.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { loadConfig } from '../../config';
import type { MailMessage } from '../../providers/mail/mail-provider';
import { claimDueJobs, endTurn } from '../../operations/jobs/job-lease';
import { considerDigest, DIGEST_JOBS, type DigestOutcome } from './new-art-digest';
import { BROADCAST_JOBS } from './repository';
import { sendBatch } from './send-batch';

const DAY = 24 * 3_600_000;
const render = { publicUrl: 'https://shop.example', storeName: 'Wall Art', currency: 'usd' };

describe.each(TEST_ENGINES)('new-art digest (%s)', (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(() => database.close());

  /** One look by the digest's job at the given time: the schedule claimed if due, considered, handed back. */
  async function lookAt(now: Date): Promise<DigestOutcome | 'not claimed'> {
    const [job] = await claimDueJobs(database.db, DIGEST_JOBS, {
      now,
      until: new Date(now.getTime() + 60_000),
      worker: 'test',
      limit: 1,
    });
    if (!job) return 'not claimed';
    const outcome = await considerDigest({ db: database.db, render }, job, 'test', now);
    await endTurn(database.db, DIGEST_JOBS, job.id, 'test', { countAttempt: true });
    return outcome;
  }

  async function publish(title: string, at: Date): Promise<number> {
    const [id] = await insertTestArtworks(database.db, [{ title }]);
    await database.db
      .updateTable('artworks')
      .set({ status: 'published', published_at: at.toISOString() })
      .where('id', '=', id!)
      .execute();
    return id!;
  }

  const digests = () =>
    database.db.selectFrom('broadcasts').selectAll().where('origin', '=', 'digest').orderBy('id').execute();

  it('is skipped when nothing is new, sent once a week at most, each time with what is new since the last', async () => {
    const db = database.db;
    await insertSubscribers(db, 'new-art', ['ann@example.com', 'bob@example.com']);
    await insertSubscribers(db, 'news', ['news-only@example.com']);
    const t0 = new Date(Date.now() + 60_000);

    // Nothing published since the list began: skipped, looked at again a day later.
    expect(await lookAt(t0)).toEqual({ skipped: 'nothing-new' });
    expect(await digests()).toEqual([]);
    expect(await lookAt(new Date(t0.getTime() + DAY / 2))).toBe('not claimed');

    const first = await publish('Blue Harbour', new Date(t0.getTime() + 3_600_000));
    expect(await lookAt(new Date(t0.getTime() + DAY + 60_000))).toEqual({ sent: 1 });
    const [digest] = await digests();
    expect(digest).toMatchObject({ list_kind: 'new-art', status: 'sending' });
    expect(JSON.parse(digest!.artwork_ids)).toEqual([first]);
    const recipients = await db
      .selectFrom('broadcast_recipients')
      .select('email')
      .where('broadcast_id', '=', digest!.id)
      .orderBy('email')
      .execute();
    expect(recipients.map((r) => r.email)).toEqual(['ann@example.com', 'bob@example.com']);

    // New art two days later: no second digest within the week, not even when the schedule is looked at.
    const second = await publish('Red Dunes', new Date(t0.getTime() + 2 * DAY));
    expect(await lookAt(new Date(t0.getTime() + 3 * DAY))).toBe('not claimed');
    const [schedule] = await db.selectFrom('new_art_digests').selectAll().execute();
    expect(await considerDigest({ db, render }, schedule!, 'test', new Date(t0.getTime() + 3 * DAY))).toEqual({
      skipped: 'not-due',
    });
    expect(await digests()).toHaveLength(1);

    // A week after the first: the next digest, with only what is new since.
    expect(await lookAt(new Date(t0.getTime() + 8 * DAY + 120_000))).toEqual({ sent: 1 });
    const all = await digests();
    expect(all).toHaveLength(2);
    expect(JSON.parse(all[1]!.artwork_ids)).toEqual([second]);

    // The digest goes out on the broadcasts' path: each subscriber once, with the card and the list footer.
    const sent: MailMessage[] = [];
    const deps = {
      db,
      mail: { send: async (message: MailMessage) => void sent.push(message) },
      log: { warn: () => undefined, error: () => undefined },
      list: {
        secret: async () => Buffer.from('secret'),
        config: loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: 'unused',
          PUBLIC_URL: render.publicUrl,
          STORE_NAME: render.storeName,
          SELLER_NAME: 'Wall Art Ltd',
          SELLER_ADDRESS: '1 Quay Road, Hull',
        }),
      },
      render,
    };
    // Due from the digest's own time, a week ahead of the clock here.
    const [job] = await claimDueJobs(db, BROADCAST_JOBS, {
      now: new Date(t0.getTime() + 9 * DAY),
      until: new Date(Date.now() + 60_000),
      worker: 'test',
      limit: 1,
      where: (eb) => eb('id', '=', all[1]!.id),
    });
    await sendBatch(deps, job!, 'test');
    expect(sent.map((m) => m.to).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(sent[0]!.html).toContain('Red Dunes');
    expect(sent[0]!.html).toContain(`https://shop.example/artwork/${second}`);
    expect(sent[0]!.text).toContain('1 Quay Road, Hull');
    expect(sent[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
