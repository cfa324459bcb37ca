import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import type { LicenceTier } from '#shared/licences/licences.ts';

/**
 * What the screens show of a quote for the code kept: whether it applies and, if not, why. A quote still on screen
 * for an earlier code (the next one on its way) says nothing about this one yet.
 */
export function codeStateOf(quote: CartQuote | undefined, code: string): { applied: boolean; message: string | null } {
  if (!code || quote?.code?.code !== code) return { applied: false, message: null };
  return { applied: quote.code.applied, message: quote.code.message };
}

/** A line's figures from the quote, in cents: its unit price (after a sale), the "was" unit price, the line. */
export function quotedLine(quote: CartQuote | undefined, artworkId: number, licence: LicenceTier) {
  const line = quote?.items.find((item) => item.artworkId === artworkId && item.licence === licence);
  return line && { unit: line.unitAmount, wasUnit: line.wasUnitAmount, amount: line.unitAmount * line.quantity };
}
