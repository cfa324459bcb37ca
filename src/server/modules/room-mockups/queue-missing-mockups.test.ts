import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { queueMissingMockups, queueMockups } from './mockup-repository';

const now = new Date('2026-11-29T12:00:00.000Z');

const picture = (id: number, width: number) => ({ url: `/files/art-${id}-${width}.webp`, width, height: width });
const renditions = (id: number) => [picture(id, 400), picture(id, 1600), picture(id, 800)];

describe.each(TEST_ENGINES)('queueing the missing mockups in batches on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('mockup_jobs').execute();
    await t.db.deleteFrom('artworks').execute();
  });

  async function addArtwork(images: unknown[], mockupsSource: string | null = null): Promise<number> {
    const { id } = await t.db
      .insertInto('artworks')
      .values({
        title: 'T',
        artist: 'A',
        price_cents: 100,
        description: 'd',
        category: 'abstract',
        tags: '[]',
        search_text: 't',
        images: JSON.stringify(images),
        media: '[]',
        dimensions: '',
        format: 'PNG',
        mockups_source: mockupsSource,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  const jobs = () =>
    t.db.selectFrom('mockup_jobs').select(['artwork_id', 'source_url', 'status']).orderBy('artwork_id').execute();

  it('queues each artwork missing mockups once, from its largest picture, two statements a batch', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await addArtwork(renditions(i)));
    const outcome = await queueMissingMockups(t.db, now, 3);
    expect(outcome).toEqual({ queued: 7, batches: 3, statements: 6 });
    expect(await jobs()).toEqual(
      ids.map((id, i) => ({ artwork_id: id, source_url: `/files/art-${i}-1600.webp`, status: 'queued' })),
    );
    const job = await t.db.selectFrom('mockup_jobs').selectAll().executeTakeFirstOrThrow();
    expect(new Date(job.next_attempt_at).toISOString()).toBe(now.toISOString());
    expect(job.token).toMatch(/^[0-9a-f]{12}$/);
    expect(job.attempts).toBe(0);
    // Looked at again: nothing left to queue, and one SELECT said so.
    expect(await queueMissingMockups(t.db, now, 3)).toEqual({ queued: 0, batches: 1, statements: 1 });
  });

  it('leaves out what queueMockups would: no picture, mockups made from this picture, a job already there', async () => {
    await addArtwork([]);
    await addArtwork([{ url: 'not a rendition' }]);
    const made = await addArtwork(renditions(1), '/files/art-1-1600.webp');
    // Made from a picture the artwork no longer shows: made again from the new one.
    const stale = await addArtwork(renditions(2), '/files/replaced-picture-1600.webp');
    const queuedBefore = await addArtwork(renditions(3));
    expect(await queueMockups(t.db, queuedBefore, now)).toBe(true);
    await t.db.updateTable('mockup_jobs').set({ status: 'failed' }).execute();
    const fresh = await addArtwork(renditions(4));

    expect((await queueMissingMockups(t.db, now)).queued).toBe(2);
    expect(await jobs()).toEqual([
      { artwork_id: stale, source_url: '/files/art-2-1600.webp', status: 'queued' },
      // A failed job for the same picture stays failed: looking again must not make it again.
      { artwork_id: queuedBefore, source_url: '/files/art-3-1600.webp', status: 'failed' },
      { artwork_id: fresh, source_url: '/files/art-4-1600.webp', status: 'queued' },
    ]);
    expect(made).toBeGreaterThan(0);
  });

  it('makes one job per artwork when two instances queue at once', async () => {
    for (let i = 0; i < 40; i++) await addArtwork(renditions(i));
    const [a, b] = await Promise.all([queueMissingMockups(t.db, now, 7), queueMissingMockups(t.db, now, 7)]);
    expect(a.queued + b.queued).toBe(40);
    const rows = await jobs();
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((row) => row.artwork_id)).size).toBe(40);
  });
});
