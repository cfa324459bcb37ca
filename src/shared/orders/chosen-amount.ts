// Pay what you want: the rules for the amount a buyer chooses, shared by the artwork page, the cart and the server
// (which alone decides). No zod here: the pages load it. Amounts are integer cents in the store's currency.

import { MAX_PRICE } from '../catalogue/artwork-write';
import { formatMoneyCents, toCents } from '../money/money';
import type { StoreCurrency } from '../taxes/taxes';
import { minimumChargeCents } from './checkout';

/** The most a buyer may choose to pay for one artwork: the highest price the owner may set. */
export const MAX_CHOSEN_CENTS = toCents(MAX_PRICE);

/**
 * The least a buyer may choose: 0 when the owner's minimum is 0 (the order is then free), else the owner's minimum,
 * raised to the provider's smallest charge when it is below it (a minimum of 0.20 could not be charged).
 */
export function leastChosenCents(minimumCents: number, currency: StoreCurrency): number {
  return minimumCents === 0 ? 0 : Math.max(minimumCents, minimumChargeCents(currency));
}

/**
 * Why an amount cannot be paid, in one plain sentence, or null when it can: below the artwork's minimum, between 0
 * and the provider's smallest charge (which no card payment can take), or above the store's highest price.
 */
export function chosenAmountProblem(amountCents: number, minimumCents: number, currency: StoreCurrency): string | null {
  const money = (cents: number) => formatMoneyCents(cents, currency);
  const smallestCharge = minimumChargeCents(currency);
  if (!Number.isInteger(amountCents) || amountCents < 0) return 'Enter an amount of 0 or more.';
  if (amountCents > MAX_CHOSEN_CENTS) return `The most you can pay for one artwork is ${money(MAX_CHOSEN_CENTS)}.`;
  const least = leastChosenCents(minimumCents, currency);
  if (least > 0 && amountCents < least) return `The minimum for this artwork is ${money(least)}: enter at least that.`;
  if (amountCents > 0 && amountCents < smallestCharge)
    return (
      `Amounts between ${money(0)} and ${money(smallestCharge)} cannot be charged by card: ` +
      `choose ${money(0)} or at least ${money(smallestCharge)}.`
    );
  return null;
}

/** The amount field's text as cents, or null when it is not an amount (empty, not a number, or past the cent). */
export function parseAmountText(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(trimmed)) return null;
  return toCents(Number(trimmed));
}

export const CHOSEN_AMOUNT_MESSAGES = {
  notAnAmount: 'Enter an amount in the store’s currency, such as 5 or 5.50.',
  missing: (title: string) => `Choose how much to pay for “${title}”.`,
  oneOnly: (title: string) => `“${title}” is pay what you want: it can be bought once per order.`,
  personalOnly: (title: string) => `“${title}” is pay what you want, sold with a personal licence only.`,
} as const;
