import type { Kysely } from 'kysely';
import type { LicenceTier } from '#shared/licences/licences.ts';
import type { SetCartItem } from '#shared/sets/set-schema.ts';
import { SET_MESSAGES, setPricesOf, splitSetPrice } from '#shared/sets/sets.ts';
import type { ArtworkRow, Database } from '../../db/schema';
import type { FieldDetails } from '../../errors';
import { findVisibleArtworksByIds } from '../artworks';
import { findSets, type SetRow } from './repository';
import { priceRuleOf, setAnswerOf } from './set-view';

/** One piece of a set in the cart, at its share of the set's price (decision 0067). */
export interface SetPieceLine {
  setId: number;
  /** The set's title now: kept on the order line, so the receipt and invoice name the set as bought. */
  setTitle: string;
  artwork: ArtworkRow;
  licence: LicenceTier;
  /** The piece's share of the set's price under the licence: the shares add up to it exactly. */
  shareCents: number;
}

const pieceCents = (row: ArtworkRow, licence: LicenceTier) =>
  licence === 'personal' ? row.price_cents : (row.commercial_price_cents ?? 0);

/** Adds one set's lines at their shares; answers why it cannot be bought instead, if it cannot. */
function addSetLines(
  lines: SetPieceLine[],
  seen: Set<string>,
  item: SetCartItem,
  set: SetRow | undefined,
  artworks: ReadonlyMap<number, ArtworkRow>,
): string | null {
  if (!set || !setAnswerOf(set, artworks).onSale) return SET_MESSAGES.notFound;
  const key = `${item.setId}:${item.licence}`;
  if (seen.has(key)) return SET_MESSAGES.twiceInCart;
  seen.add(key);
  const rows = set.pieces.map((id) => artworks.get(id!)!);
  const price = setPricesOf(
    rows.map((row) => ({ personalCents: row.price_cents, commercialCents: row.commercial_price_cents })),
    priceRuleOf(set),
  )[item.licence];
  if (!price) return SET_MESSAGES.licenceNotOffered;
  const shares = splitSetPrice(
    price.cents,
    rows.map((row) => pieceCents(row, item.licence)),
  );
  rows.forEach((row, at) =>
    lines.push({ setId: set.id, setTitle: set.title, artwork: row, licence: item.licence, shareCents: shares[at]! }),
  );
  return null;
}

/**
 * The cart's sets as their pieces' lines, priced now from the database: a set off sale (a piece unpublished or
 * deleted), one not sold under the licence asked or given twice is refused, naming `sets.N.setId`. Each set's price
 * is checked against its pieces' current sum (never above it) and split by `splitSetPrice`.
 */
export async function loadSetLines(
  db: Kysely<Database>,
  items: readonly SetCartItem[],
): Promise<{ lines: SetPieceLine[]; problems: FieldDetails }> {
  const problems: FieldDetails = {};
  if (items.length === 0) return { lines: [], problems };
  const sets = new Map((await findSets(db, [...new Set(items.map((item) => item.setId))])).map((s) => [s.id, s]));
  const pieceIds = [...sets.values()].flatMap((set) => set.pieces).filter((id): id is number => id !== null);
  // The visitor's rule: a piece that is not published is not there, and takes its set off sale.
  const artworks = new Map((await findVisibleArtworksByIds(db, pieceIds)).map((row) => [row.id, row]));
  const lines: SetPieceLine[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const problem = addSetLines(lines, seen, item, sets.get(item.setId), artworks);
    if (problem) problems[`sets.${index}.setId`] = [problem];
  });
  return { lines, problems };
}
