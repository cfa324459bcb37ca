import type { SavedLine } from '#shared/cart/saved-cart.ts';
import type { SavedCart } from '#shared/cart/saved-cart-schema.ts';
import { fromCents, toCents } from '#shared/money/money.ts';
import { parseCart, underLicence, type CartItem } from '../features/cart/cart-rules';
import type { CartSet } from '../features/cart/cart-sets';
import { cartContents, replaceCart, subscribeCart } from '../features/cart/cart-store';
import { parseFavorites } from '../features/favorites/favorites-rules';
import { favoritesContents, replaceFavorites, subscribeFavorites } from '../features/favorites/favorites-store';
import { savedCartApi } from '../features/saved-cart/api/saved-cart-api';
import { ApiError } from '../lib/api-client';
import { createRetryingSaver, type SaverTiming } from '../lib/retrying-saver';

// A signed-in buyer's cart and favourites follow them (decision 0077). The browser keeps its copy as before (what
// the pages show); for a signed-in buyer it is mirrored on the server:
// - at sign-in (this browser did not mirror this account yet), the browser's copy is merged into the account's by
//   the server's rule (union; the same line keeps the larger quantity and this browser's amount; favourites union),
//   and the browser shows the result;
// - on a later page load, the account's copy replaces the browser's, unless the browser holds changes that were
//   never saved (a save failed): those are saved first; a change made while that first exchange is under way makes
//   it a merge, so the line just added is not lost;
// - every change is saved a moment later, a failed save tried again until it goes through;
// - at sign-out the browser's copy is cleared (it is kept on the account), unless it holds unsaved changes: then it
//   stays, as a visitor's cart, and is merged at the next sign-in rather than lost.

/** Which account this browser's cart mirrors, and whether it holds changes not saved yet. */
const OWNER_KEY = 'wall-art-store.cart-owner';

interface Owner {
  userId: number;
  unsaved: boolean;
}

function readOwner(): Owner | null {
  try {
    const raw = JSON.parse(window.localStorage.getItem(OWNER_KEY) ?? 'null') as Partial<Owner> | null;
    return raw && Number.isInteger(raw.userId) ? { userId: raw.userId!, unsaved: raw.unsaved === true } : null;
  } catch {
    return null;
  }
}

function writeOwner(owner: Owner | null): void {
  try {
    if (owner) window.localStorage.setItem(OWNER_KEY, JSON.stringify(owner));
    else window.localStorage.removeItem(OWNER_KEY);
  } catch {
    // Blocked storage: the mirror still works for this visit.
  }
}

/** The browser's cart as the server keeps it. */
export function savedLinesOf(items: readonly CartItem[], sets: readonly CartSet[]): SavedLine[] {
  return [
    ...items.map(({ artwork, licence, quantity }) => ({
      kind: 'artwork' as const,
      id: artwork.id,
      licence,
      quantity,
      amountCents: artwork.payWhatYouWant ? toCents(artwork.price) : null,
    })),
    ...sets.map(({ setId, licence }) => ({ kind: 'set' as const, id: setId, licence, quantity: 1, amountCents: null })),
  ];
}

/** The server's cart as the browser's stores hold it. */
export function browserCartOf(saved: SavedCart): { items: CartItem[]; sets: CartSet[] } {
  const items = parseCart(
    saved.lines.map(({ artwork, licence, quantity, amountCents }) => ({
      ...underLicence(artwork, licence, amountCents === null ? undefined : fromCents(amountCents)),
      quantity,
    })),
  );
  const sets = saved.sets.map(({ set, licence }) => ({
    setId: set.id,
    title: set.title,
    licence,
    price: set[licence]?.price ?? 0,
    coverUrl: set.cover?.imageUrl ?? null,
    pieces: set.pieces.length,
  }));
  return { items, sets };
}

const signedOutBy = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Mirrors the browser's cart and favourites on the signed-in account until the returned stop is called. Answers
 * once the first exchange (the merge, or the account's copy) is done, for a test or a caller that waits.
 */
export function startCartSync(userId: number, timing?: SaverTiming): { stop: () => void; ready: Promise<void> } {
  let applying = false;
  let stopped = false;
  let ready = false;
  /** Changes made on this page before the first exchange was done: that exchange is then a merge again. */
  let earlyChanges = 0;
  const apply = (saved: SavedCart) => {
    applying = true;
    try {
      const { items, sets } = browserCartOf(saved);
      replaceCart(items, sets);
      replaceFavorites(parseFavorites(saved.favorites));
    } finally {
      applying = false;
    }
  };
  const current = () => {
    const { items, sets } = cartContents();
    return { lines: savedLinesOf(items, sets), favorites: favoritesContents().map((artwork) => artwork.id) };
  };

  const saver = createRetryingSaver(
    async () => {
      const { lines, favorites } = current();
      await savedCartApi.putCart(lines);
      await savedCartApi.putFavorites(favorites);
    },
    {
      timing,
      onSaved: () => writeOwner({ userId, unsaved: false }),
      // The session ended: no save can go through until the buyer signs in again, and the unsaved copy is kept
      // for the merge then (leaveCartSync).
      onFailed: (error) => {
        if (signedOutBy(error)) saver.stop();
      },
    },
  );

  const changed = () => {
    if (applying || stopped) return;
    if (!ready) {
      earlyChanges += 1;
      return;
    }
    writeOwner({ userId, unsaved: true });
    saver.schedule();
  };
  const unsubscribe = [subscribeCart(changed), subscribeFavorites(changed)];

  /**
   * The first exchange: a merge at sign-in; the browser's unsaved changes saved; else the account's copy read. A
   * change made on the page while it was under way (the buyer added something as the page came alive) makes it a
   * merge, so that neither side's lines are lost.
   */
  const exchange = async () => {
    const owner = readOwner();
    const { lines, favorites } = current();
    if (owner?.userId !== userId || earlyChanges > 0) return savedCartApi.merge(lines, favorites);
    if (owner.unsaved) {
      await savedCartApi.putCart(lines);
      return savedCartApi.putFavorites(favorites);
    }
    return savedCartApi.get();
  };

  const readyPromise = (async () => {
    const waits = timing?.retryMs ?? [2_000, 5_000, 15_000, 30_000];
    let failures = 0;
    while (!stopped) {
      const before = earlyChanges;
      try {
        const saved = await exchange();
        if (stopped) return;
        // Changed while the answer was on its way: merge again with what the page holds now.
        if (earlyChanges !== before) continue;
        apply(saved);
        writeOwner({ userId, unsaved: false });
        ready = true;
        return;
      } catch (error) {
        if (signedOutBy(error)) return;
        // The server could not be reached: the browser's copy stays as it is, and the exchange is tried again.
        await new Promise((resolve) => setTimeout(resolve, waits[Math.min(failures, waits.length - 1)]));
        failures += 1;
      }
    }
  })();

  return {
    ready: readyPromise,
    stop() {
      stopped = true;
      saver.stop();
      unsubscribe.forEach((off) => off());
    },
  };
}

/**
 * The buyer is signed out (here, or the session ended): the browser's copy is cleared, since the account keeps it,
 * unless it holds changes never saved, which then stay as a visitor's cart for the next sign-in's merge.
 */
export function leaveCartSync(): void {
  const owner = readOwner();
  if (!owner) return;
  writeOwner(null);
  if (owner.unsaved) return;
  replaceCart([], []);
  replaceFavorites([]);
}
