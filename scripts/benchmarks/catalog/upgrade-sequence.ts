// What a PostgreSQL store's search tables go through after it upgrades to the version that reads palettes: every
// artwork's palette saved one at a time by the picture backfill, then owners editing. Each save that changes an
// artwork's facets or text writes its search row again, with all its GIN entries; nothing packs the table after.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { syncArtworkFacets } from '#server/modules/artworks/index.ts';
import { savePictureFacts } from '#server/modules/artworks/palette/save-picture-facts.ts';
import type { PaletteColor } from '#shared/catalogue/browse-facets.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { generatedPictureFacts } from '../shared/fill-catalog';

/**
 * Saves every artwork's palette and orientation as the picture backfill does (savePictureFacts, then the facets
 * synced for that artwork), in id order, `workers` artworks at a time (as that many instances would). Returns
 * how many were saved.
 */
export async function backfillPalettes(db: Kysely<Database>, total: number, workers: number): Promise<number> {
  const facts = generatedPictureFacts(total);
  const ids = (await db.selectFrom('artworks').select('id').orderBy('id').execute()).map((row) => row.id);
  let next = 0;
  let saved = 0;
  const work = async () => {
    while (next < ids.length) {
      const index = next++;
      const { palette, orientation } = facts[index]!;
      if (palette == null && orientation == null) continue;
      const written = await savePictureFacts(
        db,
        ids[index]!,
        { palette: palette == null ? null : (JSON.parse(palette) as PaletteColor[]), orientation: orientation ?? null },
        { afterSave: (id) => syncArtworkFacets(db, id) },
      );
      if (written) saved += 1;
    }
  };
  await Promise.all(Array.from({ length: workers }, work));
  return saved;
}

/**
 * `count` owners' edits through the admin API (PUT /api/artworks/:id, as the edit form sends it): a new title,
 * tags and price for artworks spread over the whole catalogue, one after the other.
 */
export async function ownerEdits(
  app: FastifyInstance,
  db: Kysely<Database>,
  artworks: number,
  count: number,
): Promise<void> {
  const cookie = await signedInCookie(app, db, 'bench-owner@example.com', 'admin');
  for (let i = 0; i < count; i++) {
    // A prime step: every part of the catalogue, never the same artwork twice in a run of this size.
    const id = 1 + ((i * 7927) % artworks);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/artworks/${id}`,
      headers: { cookie },
      payload: { title: `Edited study ${i}`, tags: ['edited', `series ${i % 40}`], price: 9.9 + (i % 10) },
    });
    if (response.statusCode !== 200)
      throw new Error(`PUT /api/artworks/${id} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  }
}

export interface SearchTableSizes {
  tableMb: number;
  indexesMb: number;
  /** Each index of artworks_search_text by name. */
  byIndexMb: Record<string, number>;
  liveRows: number;
  deadRows: number;
}

const mb = (bytes: number | string) => Math.round((Number(bytes) / 1_048_576) * 10) / 10;

/** pg_relation_size and pg_indexes_size of artworks_search_text, and its live and dead rows as last counted. */
export async function searchTableSizes(db: Kysely<Database>): Promise<SearchTableSizes> {
  const { rows } = await sql<{ table: string; indexes: string; live: string; dead: string }>`
    select pg_relation_size(c.oid) as table, pg_indexes_size(c.oid) as indexes,
      coalesce(s.n_live_tup, 0) as live, coalesce(s.n_dead_tup, 0) as dead
    from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
    where c.oid = 'artworks_search_text'::regclass`.execute(db);
  const indexes = await sql<{ name: string; size: string }>`
    select indexrelid::regclass::text as name, pg_relation_size(indexrelid) as size from pg_index
    where indrelid = 'artworks_search_text'::regclass order by 1`.execute(db);
  const row = rows[0]!;
  return {
    tableMb: mb(row.table),
    indexesMb: mb(row.indexes),
    byIndexMb: Object.fromEntries(indexes.rows.map((index) => [index.name, mb(index.size)])),
    liveRows: Number(row.live),
    deadRows: Number(row.dead),
  };
}

export function formatSizes(sizes: SearchTableSizes): string {
  const indexes = Object.entries(sizes.byIndexMb)
    .map(([name, size]) => `${name.replace(/^.*\./, '')} ${size}`)
    .join(', ');
  return `artworks_search_text ${sizes.tableMb} MB, indexes ${sizes.indexesMb} MB (${indexes}); rows ${sizes.liveRows} live, ${sizes.deadRows} dead`;
}
