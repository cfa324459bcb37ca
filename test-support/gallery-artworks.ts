import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema';
import { insertTestArtworks } from './artwork-factory';

/**
 * Three published artworks whose masters' sizes are known, so the shop offers their print pack's sizes: two
 * upright (2:3, 7200 × 10800 px, up to 24 × 36 in) and one across (10800 × 7200 px).
 */
export async function insertGalleryArtworks(db: Kysely<Database>): Promise<number[]> {
  const ids = await insertTestArtworks(db, [
    { title: 'Harbour at Dawn', artist: 'Anna Nowak' },
    { title: 'Київ Evening', artist: 'Ira Koval' },
    { title: 'Wide Fields', artist: 'Tom Reyes' },
  ]);
  const masters = [
    [7200, 10800],
    [7200, 10800],
    [10800, 7200],
  ] as const;
  for (const [index, id] of ids.entries()) {
    const [width, height] = masters[index]!;
    await db
      .updateTable('artworks')
      .set({ master_width: width, master_height: height, print_ratios: null })
      .where('id', '=', id)
      .execute();
  }
  return ids;
}
