import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import type { LicenceTier } from '#shared/licences/licences.ts';
import { ApiError } from '#client/lib/api-client.ts';

/**
 * What the screens show of a quote for the code kept: whether it applies and, if not, why. A quote still on screen
 * for an earlier code (the next one on its way) says nothing about this one yet.
 */
export function codeStateOf(
  quote: CartQuote | undefined,
  code: string,
  /** The quote's failure, if it failed: a refusal to check more codes now is said beside the field. */
  error: unknown = null,
): { applied: boolean; message: string | null } {
  const limited = quoteLimitMessage(error);
  if (code && limited) return { applied: false, message: limited };
  if (!code || quote?.code?.code !== code) return { applied: false, message: null };
  return { applied: quote.code.applied, message: quote.code.message };
}

/** A line's figures from the quote, in cents: its unit price (after a sale), the "was" unit price, the line. */
export function quotedLine(quote: CartQuote | undefined, artworkId: number, licence: LicenceTier) {
  const line = quote?.items.find(
    (item) =>
      item.artworkId === artworkId &&
      item.licence === licence &&
      (item.setId ?? null) === null &&
      (item.upgradeOfItemId ?? null) === null,
  );
  return line && { unit: line.unitAmount, wasUnit: line.wasUnitAmount, amount: line.unitAmount * line.quantity };
}

/** A set's price as the server quoted it: its pieces' lines added up (they add up to the set's price exactly). */
export function quotedSet(quote: CartQuote | undefined, setId: number, licence: LicenceTier): number | null {
  const lines = quote?.items.filter((item) => item.setId === setId && item.licence === licence) ?? [];
  return lines.length ? lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0) : null;
}

/**
 * The server's sentence when it will check no more codes or VAT numbers from this connection for now (429): shown
 * where the buyer typed, while the page goes on with the cart's own prices.
 */
export function quoteLimitMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status === 429 ? error.message : null;
}
