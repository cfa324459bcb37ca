import { currencyUnitsOf } from '#shared/money/currency-words.ts';
import { currencySymbol, formatMoneyCents } from '#shared/money/money.ts';

/** What the owner typed as a partial refund, in cents, or why it cannot be refunded. */
export type RefundAmount = { ok: true; cents: number } | { ok: false; problem: string };

/**
 * Reads '12.50' or '€12.50' (in the order's currency, what it was charged in) as cents, between one cent and what is left of the payment.
 * The server checks again; this only spares the owner a confirm dialog for an amount that would be refused.
 */
export function parseRefundAmount(text: string, leftCents: number, currency: string): RefundAmount {
  const typed = text.trim();
  const symbol = currencySymbol(currency);
  const cleaned = (typed.startsWith(symbol) ? typed.slice(symbol.length) : typed).replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned))
    return { ok: false, problem: `Enter an amount in ${currencyUnitsOf(currency)}, such as 5.00.` };
  const cents = Math.round(Number(cleaned) * 100);
  if (cents <= 0) return { ok: false, problem: `Enter an amount above ${formatMoneyCents(0, currency)}.` };
  if (cents > leftCents)
    return { ok: false, problem: `At most ${formatMoneyCents(leftCents, currency)} is left to refund.` };
  return { ok: true, cents };
}
