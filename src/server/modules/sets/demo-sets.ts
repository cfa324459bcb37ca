import type { Transaction } from 'kysely';
import { findCategory } from '#shared/catalogue/categories.ts';
import type { Database } from '../../db/schema';
import { insertSet } from './repository';

/** What choosing the demo's sets needs of each demo artwork. */
export interface DemoPiece {
  id: number;
  category: string;
  price_cents: number;
  /** Absent: the column's default, offered. */
  offers_personal?: boolean | number;
  minimum_price_cents?: number | null;
}

// The demo's three sets: from the three categories with the most artworks that can be in a set, a trio at 15 % off,
// a pair at 20 % off and a four at a price of its own (the sum less about a quarter, to the whole dollar).
const SHAPES = [
  { pieces: 3, percentOff: 15, title: (name: string) => `${name} Trio` },
  { pieces: 2, percentOff: 20, title: (name: string) => `${name} Pair` },
  { pieces: 4, percentOff: null, title: (name: string) => `${name} Gallery Wall` },
] as const;

/** Adds the demo's sets, once, in the demo's own transaction; fewer when the catalogue cannot make them. */
export async function insertDemoSets(trx: Transaction<Database>, artworks: readonly DemoPiece[]): Promise<number> {
  const eligible = artworks.filter(
    (artwork) =>
      artwork.offers_personal !== 0 &&
      artwork.offers_personal !== false &&
      artwork.price_cents > 0 &&
      artwork.minimum_price_cents == null,
  );
  const byCategory = new Map<string, DemoPiece[]>();
  for (const artwork of eligible)
    byCategory.set(artwork.category, [...(byCategory.get(artwork.category) ?? []), artwork]);
  const categories = [...byCategory.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  let made = 0;
  for (const [index, shape] of SHAPES.entries()) {
    const [category, pieces] = categories[index] ?? [];
    if (!category || !pieces || pieces.length < shape.pieces) continue;
    const chosen = pieces.slice(0, shape.pieces);
    const name = findCategory(category)?.name ?? category;
    const sum = chosen.reduce((total, piece) => total + piece.price_cents, 0);
    await insertSet(
      trx,
      {
        title: shape.title(name),
        description: `${shape.pieces} ${name.toLowerCase()} prints chosen to hang together.`,
        price_cents: shape.percentOff === null ? Math.max(100, Math.floor((sum * 0.75) / 100) * 100) : null,
        percent_off: shape.percentOff,
        cover_artwork_id: null,
        cover_kind: 'piece',
      },
      chosen.map((piece) => piece.id),
    );
    made += 1;
  }
  return made;
}
