import type { Kysely } from 'kysely';
import { mergeSavedCarts, sameLines, type SavedCartContent, type SavedLine } from '#shared/cart/saved-cart.ts';
import type { SavedCart } from '#shared/cart/saved-cart-schema.ts';
import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import type { ArtworkSet } from '#shared/sets/set-schema.ts';
import { toCents } from '#shared/money/money.ts';
import type { Database } from '../../db/schema';
import { findVisibleArtworksByIds, rowToArtwork } from '../artworks';
import { getSetOnSale } from '../sets';
import { cartChanged, lockCart, readFavorites, readLines, replaceFavorites, replaceLines } from './repository';

// A signed-in buyer's cart and favourites (decision 0077): saved whole by the browser, merged with the browser's
// at sign-in, and checked against the catalogue on the way in and out.

export interface BuyerCartDeps {
  db: Kysely<Database>;
}

async function artworksOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, Artwork>> {
  const rows = await findVisibleArtworksByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, rowToArtwork(row)]));
}

async function setsOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, ArtworkSet>> {
  const sets = new Map<number, ArtworkSet>();
  for (const id of new Set(ids)) {
    // A set that is gone or off sale is simply not in the answer: its line is dropped.
    const set = await getSetOnSale(db, id).catch(() => null);
    if (set) sets.set(id, set);
  }
  return sets;
}

interface Catalogue {
  artworks: Map<number, Artwork>;
  sets: Map<number, ArtworkSet>;
}

async function catalogueOf(db: Kysely<Database>, lines: readonly SavedLine[], favorites: readonly number[] = []) {
  const ids = (kind: SavedLine['kind']) => lines.filter((line) => line.kind === kind).map((line) => line.id);
  return { artworks: await artworksOf(db, [...ids('artwork'), ...favorites]), sets: await setsOf(db, ids('set')) };
}

/**
 * The lines that can be bought today, as the cart holds them: an artwork that is gone or not published, a set not
 * on sale, or a licence not offered is dropped; a pay-what-you-want artwork is one copy under Personal at the amount
 * chosen (its suggested one when none was); any other line carries no amount.
 */
function buyableLines(lines: readonly SavedLine[], catalogue: Catalogue): SavedLine[] {
  return lines.flatMap((line): SavedLine[] => {
    if (line.kind === 'set') {
      const set = catalogue.sets.get(line.id);
      return set && set[line.licence] ? [{ ...line, amountCents: null }] : [];
    }
    const artwork = catalogue.artworks.get(line.id);
    if (!artwork || artwork.licences[line.licence] === null) return [];
    if (!artwork.payWhatYouWant) return [{ ...line, amountCents: null }];
    const amountCents = line.amountCents ?? toCents(artwork.payWhatYouWant.suggested);
    return [{ ...line, quantity: 1, amountCents }];
  });
}

function answerOf(lines: readonly SavedLine[], favorites: readonly number[], catalogue: Catalogue): SavedCart {
  const buyable = buyableLines(lines, catalogue);
  return {
    lines: buyable
      .filter((line) => line.kind === 'artwork')
      .map((line) => ({
        artwork: catalogue.artworks.get(line.id)!,
        licence: line.licence,
        quantity: line.quantity,
        amountCents: line.amountCents,
      })),
    sets: buyable
      .filter((line) => line.kind === 'set')
      .map((line) => ({ set: catalogue.sets.get(line.id)!, licence: line.licence })),
    favorites: favorites.flatMap((id) => {
      const artwork = catalogue.artworks.get(id);
      return artwork ? [artwork] : [];
    }),
  };
}

export async function getSavedCart(deps: BuyerCartDeps, userId: number): Promise<SavedCart> {
  const lines = await readLines(deps.db, userId);
  const favorites = await readFavorites(deps.db, userId);
  return answerOf(lines, favorites, await catalogueOf(deps.db, lines, favorites));
}

/** Writes what is buyable of the lines and, when the lines changed, moves the reminder's time (repository.ts). */
async function storeContent(deps: BuyerCartDeps, userId: number, content: Partial<SavedCartContent>, now: Date) {
  const catalogue = await catalogueOf(deps.db, content.lines ?? [], content.favorites ?? []);
  const lines = content.lines && buyableLines(content.lines, catalogue);
  const favorites = content.favorites?.filter((id) => catalogue.artworks.has(id));
  await deps.db.transaction().execute(async (trx) => {
    const cart = await lockCart(trx, userId, now);
    if (lines) {
      const before = await readLines(trx, userId);
      if (!sameLines(before, lines)) {
        await replaceLines(trx, userId, lines);
        await cartChanged(trx, cart, lines.length === 0, now);
      }
    }
    if (favorites) await replaceFavorites(trx, userId, favorites);
  });
}

/** The browser's whole cart, saved as the account's (the last save wins). */
export async function saveCart(deps: BuyerCartDeps, userId: number, lines: readonly SavedLine[], now = new Date()) {
  await storeContent(deps, userId, { lines: [...lines] }, now);
  return getSavedCart(deps, userId);
}

export async function saveFavorites(deps: BuyerCartDeps, userId: number, favorites: readonly number[]) {
  await storeContent(deps, userId, { favorites: [...favorites] }, new Date());
  return getSavedCart(deps, userId);
}

/**
 * Sign-in: the cart and favourites the browser held as a visitor merged into the account's by mergeSavedCarts'
 * rule (union; the same line keeps the larger quantity and the browser's chosen amount; favourites union), stored,
 * and answered for the browser to show.
 */
export async function mergeIntoAccount(
  deps: BuyerCartDeps,
  userId: number,
  browser: SavedCartContent,
  now = new Date(),
): Promise<SavedCart> {
  const server = { lines: await readLines(deps.db, userId), favorites: await readFavorites(deps.db, userId) };
  await storeContent(deps, userId, mergeSavedCarts(server, browser), now);
  return getSavedCart(deps, userId);
}
