import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { assignDemoMasterKeys } from './assign-demo-master-keys';

describe.each(TEST_ENGINES)('print files for a catalogue seeded before they existed, on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  }, 120_000);
  afterAll(() => t.close());

  it('gives each demo artwork without a private file its master key, once, and touches nothing else', async () => {
    const ids = await insertTestArtworks(t.db, [
      { previewUrl: '/files/demo/artwork-0001-400.webp' },
      { previewUrl: 'https://cdn.example/demo/artwork-0203-400.webp' },
      { previewUrl: '/files/demo/artwork-0001-400.webp' },
      { previewUrl: '/files/previews/1-abc-400.webp' },
      { previewUrl: '/files/demo/artwork-0099-400.webp' },
    ]);
    // The owner gave the third one a file of their own: it stays.
    await t.db
      .updateTable('artworks')
      .set({ private_file_key: 'originals/1-own.png' })
      .where('id', '=', ids[2] as number)
      .execute();

    expect(await assignDemoMasterKeys(t.db)).toBe(2);
    const rows = await t.db
      .selectFrom('artworks')
      .select(['id', 'private_file_key'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.private_file_key)).toEqual([
      'demo/artwork-0001.png',
      'demo/artwork-0203.png',
      'originals/1-own.png',
      null,
      null,
    ]);

    expect(await assignDemoMasterKeys(t.db)).toBe(0);
  });
});
