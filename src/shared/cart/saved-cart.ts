import type { LicenceTier } from '../licences/licences';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../orders/checkout';

// A signed-in buyer's cart and favourites as the server keeps them (decision 0077), and the one rule that merges a
// browser's copy into the account's at sign-in. Zod-free: the server and the browser both use it.

/** A cart line as a browser's cart holds it: an artwork or a set under a licence, with its quantity and amount. */
export interface SavedLine {
  kind: 'artwork' | 'set';
  id: number;
  licence: LicenceTier;
  quantity: number;
  /** A pay-what-you-want artwork's chosen amount in cents; null for any other line. */
  amountCents: number | null;
}

export interface SavedCartContent {
  lines: SavedLine[];
  /** Favourite artworks' ids, in the order they were added. */
  favorites: number[];
}

/** The most favourites kept for one account: far more than anyone marks, few enough to load in one query. */
export const MAX_FAVORITES = 500;

export const lineKey = (line: Pick<SavedLine, 'kind' | 'id' | 'licence'>) => `${line.kind}:${line.id}:${line.licence}`;

/**
 * The merge at sign-in, of the account's cart (`server`) and the one the browser held as a visitor (`browser`):
 * - lines: the union, one line per item and licence; the account's lines first, in their order, then the
 *   browser's new ones in theirs;
 * - the same line in both: the larger quantity (never the sum: signing in twice must not double a cart), and the
 *   browser's chosen amount when it has one (it is the buyer's latest choice, made just before signing in);
 * - favourites: the union, the account's first;
 * - then cut to the limits (MAX_ORDER_LINES lines, MAX_FAVORITES favourites, quantities up to MAX_LINE_QUANTITY).
 * Merging the result with either side again changes nothing, so a merge repeated (two tabs, a retried request)
 * is harmless.
 */
export function mergeSavedCarts(server: SavedCartContent, browser: SavedCartContent): SavedCartContent {
  const lines = new Map<string, SavedLine>();
  for (const line of server.lines) if (!lines.has(lineKey(line))) lines.set(lineKey(line), { ...line });
  for (const line of browser.lines) {
    const key = lineKey(line);
    const kept = lines.get(key);
    if (!kept) lines.set(key, { ...line });
    else
      lines.set(key, {
        ...kept,
        quantity: Math.max(kept.quantity, line.quantity),
        amountCents: line.amountCents ?? kept.amountCents,
      });
  }
  const favorites = [...new Set([...server.favorites, ...browser.favorites])];
  return {
    lines: [...lines.values()]
      .slice(0, MAX_ORDER_LINES)
      .map((line) => ({ ...line, quantity: Math.min(line.quantity, MAX_LINE_QUANTITY) })),
    favorites: favorites.slice(0, MAX_FAVORITES),
  };
}

/** Whether two carts hold the same lines in the same order (a save that changes nothing keeps the reminder's time). */
export function sameLines(a: readonly SavedLine[], b: readonly SavedLine[]): boolean {
  return (
    a.length === b.length &&
    a.every((line, index) => {
      const other = b[index]!;
      return (
        lineKey(line) === lineKey(other) && line.quantity === other.quantity && line.amountCents === other.amountCents
      );
    })
  );
}
