import { createPersistedStore } from './persisted-store';

// The discount code the buyer gave (typed in the cart or the checkout, or brought by a link's ?code=), kept in the
// browser like the cart until the order is paid. Here, not in a feature, because every page takes it from a link;
// what it is worth is the server's to say (POST /api/cart/quote).

/** The longest code the checkout takes (its schema's limit). */
const MAX_CODE_LENGTH = 64;

// Every page loads this file, so it does not import the code rules and texts (src/shared/discounts.ts): the server
// reads the code as typed anyway; upper-case here only so the kept code and the server's answer name it alike.
const readCode = (raw: unknown) => (typeof raw === 'string' ? raw.trim().toUpperCase().slice(0, MAX_CODE_LENGTH) : '');

const codeStore = createPersistedStore<string>('wall-art-store.discount-code', '', readCode);

export const discountCodeActions = {
  /** A blank code is none. */
  set: (code: string) => codeStore.set(() => readCode(code)),
  clear: () => codeStore.set(() => ''),
};

/** The code kept, upper-case; '' when none. */
export const useDiscountCode = codeStore.useValue;

/** Keeps the code of a link's `?code=SPRING`, whichever page it opens. */
export function keepCodeFromLink(search: string): void {
  const code = readCode(new URLSearchParams(search).get('code') ?? '');
  if (code && code !== codeStore.get()) discountCodeActions.set(code);
}
