import type { CartQuote, CartQuoteRequest } from '#shared/orders/cart-quote-schema.ts';
import { postJson } from '#client/lib/api-client.ts';

export const quoteApi = {
  /** The cart priced as the checkout will price it, with what became of the code. */
  quote: (body: CartQuoteRequest) => postJson<CartQuote>('/api/cart/quote', body),
};
