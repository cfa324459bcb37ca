import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { buildDemoCatalog } from './demo-catalog';
import { firstDemoMasterKey } from './demo-master';

/**
 * The seeder's first preview names (`…/demo/artwork-0001-400.webp`, local or S3): they tell which demo picture it
 * is. Only a store seeded with them can lack the masters' keys; it gets the first generation's (4:5) keys.
 */
const DEMO_PREVIEW = /(?:^|\/)demo\/artwork-(\d{4})-\d+\.webp$/;

/**
 * A database seeded before demo artworks had print files: gives each demo artwork that still has no private file
 * its master's key (the file itself is drawn on the first download). Runs at every start and changes nothing the
 * second time; only rows without a private file are touched, so an owner's own upload is never replaced, and two
 * instances doing it at once write the same value.
 */
export async function assignDemoMasterKeys(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .selectFrom('artworks')
    .select(['id', 'preview_url'])
    .where('private_file_key', 'is', null)
    .where('preview_url', 'like', '%demo/artwork-%')
    .execute();
  const seeds = new Set(buildDemoCatalog().map((work) => work.seed));
  let assigned = 0;
  for (const row of rows) {
    const seed = Number(DEMO_PREVIEW.exec(row.preview_url ?? '')?.[1]);
    if (!seeds.has(seed)) continue;
    const result = await db
      .updateTable('artworks')
      .set({ private_file_key: firstDemoMasterKey(seed) })
      .where('id', '=', row.id)
      .where('private_file_key', 'is', null)
      .executeTakeFirst();
    assigned += Number(result.numUpdatedRows);
  }
  return assigned;
}
