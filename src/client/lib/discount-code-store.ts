import { DISCOUNT_CODE_KEY, MAX_CODE_LENGTH } from './code-from-link';
import { createPersistedStore } from './persisted-store';

// The discount code the buyer gave (typed in the cart or the checkout, or brought by a link's ?code=), kept in the
// browser like the cart until the order is paid. What it is worth is the server's to say (POST /api/cart/quote),
// which reads the code as typed; upper-case here only so the kept code and the server's answer name it alike.

const readCode = (raw: unknown) => (typeof raw === 'string' ? raw.trim().toUpperCase().slice(0, MAX_CODE_LENGTH) : '');

const codeStore = createPersistedStore<string>(DISCOUNT_CODE_KEY, '', readCode);

export const discountCodeActions = {
  /** A blank code is none. */
  set: (code: string) => codeStore.set(() => readCode(code)),
  clear: () => codeStore.set(() => ''),
};

/** The code kept, upper-case; '' when none. */
export const useDiscountCode = codeStore.useValue;
