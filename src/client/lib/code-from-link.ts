// A link's ?code=SPRING, on whichever page it opens, is kept for the cart and the checkout. Every page loads this
// file, so it is only this: the code's store (discount-code-store.ts) loads with the cart's and checkout's pages.

export const DISCOUNT_CODE_KEY = 'wall-art-store.discount-code';

/** The longest code the checkout takes (its schema's limit). */
export const MAX_CODE_LENGTH = 64;

export function keepCodeFromLink(search: string): void {
  const code = new URLSearchParams(search).get('code')?.trim().toUpperCase().slice(0, MAX_CODE_LENGTH);
  if (!code) return;
  try {
    window.localStorage.setItem(DISCOUNT_CODE_KEY, JSON.stringify(code));
  } catch {
    return;
  }
  // A store already loaded reads it again, as when another tab changes it.
  window.dispatchEvent(new StorageEvent('storage', { key: DISCOUNT_CODE_KEY }));
}
