// A free order: one whose total, priced by the server, is $0.00 (a 100 % code, or an amount-off code covering the
// cart; an artwork's own price is never 0). It is completed without a card or a payment intent, and its texts are
// here so that the checkout, the order lists and the receipt say the same thing. No zod here: the browser loads it.

import { formatMoneyCents } from '../money/money';
import type { StoreCurrency } from '../taxes/taxes';

/** What `orders.provider` records for an order no provider took a payment for. */
export const FREE_ORDER_PROVIDER = 'free';

/** An order is free when its total is 0 cents: nothing was or will be charged. */
export const isFreeTotal = (amountCents: number): boolean => amountCents === 0;

export const FREE_ORDER_MESSAGES = {
  /** The checkout's button in place of the card form. */
  button: 'Get my downloads',
  /** Shown above that button, and on the receipt. */
  noPaymentNeeded: 'Your order is free: no card is needed and no payment will be taken.',
  noPaymentTaken: 'No payment was taken: this order was free.',
  /** Where an order list shows the card that paid. */
  paidWith: 'Free: no payment taken',
  /** The free endpoint's refusal of a cart that costs something, with its total. */
  notFree: (totalCents: number, currency: StoreCurrency) =>
    `This order is not free: its total is ${formatMoneyCents(totalCents, currency)}. Please pay for it by card.`,
  /** The owner's Refund on a free order. */
  cannotRefund: 'This order was free: no payment was taken, so there is nothing to refund.',
} as const;
