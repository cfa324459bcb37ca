import { formatMoneyCents } from '../money/money';
import type { StoreCurrency } from '../taxes/taxes';

// Discount codes and automatic sales: the texts a buyer reads, and how a typed code is read. No zod here (the
// request and answer shapes are in discounts-schema.ts); the pricing rules are the server's (price-order.ts).

/** How long a checkout holds a use of a limited code before it is given back to other buyers. */
export const RESERVATION_MINUTES = 30;

/** Letters, digits and dashes, 2–32 of them; matched whatever the case. */
export const CODE_PATTERN = /^[A-Z0-9-]{2,32}$/;

/** A code as typed ('  welcome10 ') as it is kept ('WELCOME10'). */
export function normalizeCode(typed: string): string {
  return typed.trim().toUpperCase();
}

/** Why a code does not apply: one sentence each. A code nobody made, or one switched off, is only "not valid". */
export const CODE_MESSAGES = {
  unknown: 'This code is not valid.',
  notStarted: 'This code is not valid yet.',
  expired: 'This code has expired.',
  usedUp: 'This code has been used up.',
  alreadyUsed: 'You have already used this code.',
  notInScope: 'This code is not valid for the artworks in your cart.',
  minSubtotal: (cents: number, currency: StoreCurrency) =>
    `This code needs a subtotal of ${formatMoneyCents(cents, currency)}.`,
  notCombinable: 'This code cannot be combined with the automatic discounts in your cart, which already save you more.',
} as const;

export type CodeProblem = Exclude<keyof typeof CODE_MESSAGES, 'minSubtotal'> | 'minSubtotal';

/** How a discount is named to the buyer: the code itself, or the sale's name. */
export function discountLabel(discount: { kind: string; code: string | null; name: string }): string {
  return discount.kind === 'code' && discount.code ? discount.code : discount.name;
}
