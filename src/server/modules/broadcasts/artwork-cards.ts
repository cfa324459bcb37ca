import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findVisibleArtworksByIds } from '../artworks';
import type { ArtworkCard } from './render-broadcast';

/** The chosen artworks visitors may see, in the order chosen: a draft or a deleted one is left out of the mail. */
export async function loadCards(db: Kysely<Database>, ids: readonly number[]): Promise<ArtworkCard[]> {
  const rows = await findVisibleArtworksByIds(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id: row.id, title: row.title, priceCents: row.price_cents, imageUrl: row.image_url }] : [];
  });
}
