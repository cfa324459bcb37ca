import type { Kysely } from 'kysely';
import type { LicenceTier } from '#shared/licences/licences.ts';
import type { SetCartItem } from '#shared/sets/set-schema.ts';
import { SET_MESSAGES, setPricesOf, splitSetPrice } from '#shared/sets/sets.ts';
import {
  COMPLETE_SET_MESSAGES,
  ownedPieceKey,
  splitCompletedSet,
  type OwnedPieces,
} from '#shared/sets/complete-set.ts';
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

/** A set of the cart as priced for this buyer: how many pieces it has, how many they own, what the rest costs. */
export interface SetCompletion {
  setId: number;
  licence: LicenceTier;
  pieces: number;
  owned: number;
  /** The set's price under the licence, whole. */
  setCents: number;
  /** What the buyer pays: setCents when they own none (decision 0070). */
  cents: number;
}

/** What the buyer owns among the given artworks (the orders module knows; decision 0070). */
export type OwnedPiecesLookup = (artworkIds: readonly number[]) => Promise<OwnedPieces>;

const pieceCents = (row: ArtworkRow, licence: LicenceTier) =>
  licence === 'personal' ? row.price_cents : (row.commercial_price_cents ?? 0);

/** Adds one set's lines at their shares; answers why it cannot be bought instead, if it cannot. */
function addSetLines(
  out: { lines: SetPieceLine[]; completions: SetCompletion[] },
  seen: Set<string>,
  item: SetCartItem,
  set: SetRow | undefined,
  artworks: ReadonlyMap<number, ArtworkRow>,
  owned: OwnedPieces,
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
  // The pieces the buyer owns under this licence are left out; the rest cost the set's price less what they paid.
  const paid = rows.map((row) => owned.get(ownedPieceKey(row.id, item.licence)));
  const missing = rows.filter((_, at) => paid[at] === undefined);
  if (missing.length === 0) return COMPLETE_SET_MESSAGES.allOwned;
  const shares =
    missing.length === rows.length
      ? splitSetPrice(
          price.cents,
          rows.map((row) => pieceCents(row, item.licence)),
        )
      : splitCompletedSet({
          setCents: price.cents,
          sumCents: price.sumCents,
          missingCents: missing.map((row) => pieceCents(row, item.licence)),
          paidCents: paid.reduce<number>((total, cents) => total + (cents ?? 0), 0),
        });
  missing.forEach((row, at) =>
    out.lines.push({
      setId: set.id,
      setTitle: set.title,
      artwork: row,
      licence: item.licence,
      shareCents: shares[at]!,
    }),
  );
  out.completions.push({
    setId: set.id,
    licence: item.licence,
    pieces: rows.length,
    owned: rows.length - missing.length,
    setCents: price.cents,
    cents: shares.reduce((total, cents) => total + cents, 0),
  });
  return null;
}

/**
 * The cart's sets as their pieces' lines, priced now from the database: a set off sale (a piece unpublished or
 * deleted), one not sold under the licence asked or given twice is refused, naming `sets.N.setId`. Each set's price
 * is checked against its pieces' current sum (never above it) and split by `splitSetPrice`. With a known buyer
 * (`ownedOf`), the pieces they own under the licence are left out and the rest priced by `splitCompletedSet`
 * (decision 0070); a set they own whole is refused, naming `sets.N.setId`.
 */
export async function loadSetLines(
  db: Kysely<Database>,
  items: readonly SetCartItem[],
  ownedOf?: OwnedPiecesLookup,
): Promise<{ lines: SetPieceLine[]; completions: SetCompletion[]; problems: FieldDetails }> {
  const problems: FieldDetails = {};
  if (items.length === 0) return { lines: [], completions: [], problems };
  const sets = new Map((await findSets(db, [...new Set(items.map((item) => item.setId))])).map((s) => [s.id, s]));
  const pieceIds = [...sets.values()].flatMap((set) => set.pieces).filter((id): id is number => id !== null);
  // The visitor's rule: a piece that is not published is not there, and takes its set off sale.
  const artworks = new Map((await findVisibleArtworksByIds(db, pieceIds)).map((row) => [row.id, row]));
  const owned = ownedOf ? await ownedOf([...artworks.keys()]) : new Map<string, number>();
  const out = { lines: [] as SetPieceLine[], completions: [] as SetCompletion[] };
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const problem = addSetLines(out, seen, item, sets.get(item.setId), artworks, owned);
    if (problem) problems[`sets.${index}.setId`] = [problem];
  });
  return { ...out, problems };
}
