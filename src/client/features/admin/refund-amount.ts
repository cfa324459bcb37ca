/** What the owner typed as a partial refund, in cents, or why it cannot be refunded. */
export type RefundAmount = { ok: true; cents: number } | { ok: false; problem: string };

/**
 * Reads '12.50' or '$12.50' as cents, between one cent and what is left of the payment. The server checks again;
 * this only spares the owner a confirm dialog for an amount that would be refused.
 */
export function parseRefundAmount(text: string, leftCents: number): RefundAmount {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return { ok: false, problem: 'Enter an amount in dollars, such as 5.00.' };
  const cents = Math.round(Number(cleaned) * 100);
  if (cents <= 0) return { ok: false, problem: 'Enter an amount above $0.00.' };
  if (cents > leftCents) return { ok: false, problem: `At most $${(leftCents / 100).toFixed(2)} is left to refund.` };
  return { ok: true, cents };
}
