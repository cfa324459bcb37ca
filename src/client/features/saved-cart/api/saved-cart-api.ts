import type { SavedLine } from '#shared/cart/saved-cart.ts';
import type { SavedCart } from '#shared/cart/saved-cart-schema.ts';
import { fetchJson, postJson } from '../../../lib/api-client';

// The signed-in buyer's cart and favourites on the server (decision 0077).

const putJson = <T>(url: string, body: unknown) =>
  fetchJson<T>(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const savedCartApi = {
  get: () => fetchJson<SavedCart>('/api/account/cart'),
  putCart: (lines: readonly SavedLine[]) => putJson<SavedCart>('/api/account/cart', { lines }),
  putFavorites: (favorites: readonly number[]) => putJson<SavedCart>('/api/account/favorites', { favorites }),
  /** At sign-in: what this browser held as a visitor, merged into the account's by the server's rule. */
  merge: (lines: readonly SavedLine[], favorites: readonly number[]) =>
    postJson<SavedCart>('/api/account/cart/merge', { lines, favorites }),
};
