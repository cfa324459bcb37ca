// Checkout's texts and limits, shared by the pages and the API. No zod here: the checkout page loads it. The answers'
// shapes are the types of their schemas (checkout-schema.ts). Money is in integer cents everywhere, as the payment
// providers count it.

import { formatMoneyCents } from '../money/money';
import type { StoreCurrency } from '../taxes/taxes';

/** Stripe's smallest charge in each of the store's currencies (orders are charged in STORE_CURRENCY). */
const MIN_CHARGE_CENTS: Readonly<Record<StoreCurrency, number>> = { usd: 50, eur: 50, gbp: 30 };
export const MAX_LINE_QUANTITY = 99;
export const MAX_ORDER_LINES = 100;

/** The smallest order total that can be charged in the currency: 50 cents, 50 euro cents, 30 pence. */
export function minimumChargeCents(currency: StoreCurrency): number {
  return MIN_CHARGE_CENTS[currency];
}

export const CHECKOUT_MESSAGES = {
  // The payment form's checks and failures.
  invalidEmail: 'Please provide a valid email address',
  enterEmail: 'Please enter your email address above to continue',
  cardInputMissing: 'Card input is not available. Please refresh the page and try again.',
  notReady: 'Payment system is not ready. Please try again.',
  noClientSecret: 'Failed to create payment intent',
  paymentFailed: 'Payment failed',
  // The server's refusals of a cart, the name fields and an unknown order.
  emptyCart: 'Your cart is empty.',
  quantityRange: `Each quantity must be between 1 and ${MAX_LINE_QUANTITY}.`,
  belowMinimum: (currency: StoreCurrency) =>
    `The order total must be at least ${formatMoneyCents(minimumChargeCents(currency), currency)}.`,
  unknownArtwork: (id: number) => `Artwork ${id} is no longer available. Please remove it from your cart.`,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  orderNotFound: 'Order not found',
  // The cart's quote past its limit on codes and VAT numbers (QUOTE_CODE_RATE_LIMIT).
  tooManyQuoteChecks:
    'Too many discount codes or VAT numbers were checked from your connection. Please wait a minute and try again.',
} as const;

// An order's statuses belong to its lifecycle; checkout's schemas name them from here too.
export { ORDER_STATUSES, type OrderStatus } from './order-lifecycle';

/** Stripe's states of a payment intent, which the test provider keeps too. */
export const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

/** The order number shown is the last 8 characters of the payment intent id. */
export function shownOrderNumber(paymentIntentId: string): string {
  return paymentIntentId.slice(-8);
}

/** The number the buyer reads: from its payment intent, or the order's own when it had none (a free order). */
export function buyerOrderNumber(order: { paymentIntentId: string | null; orderNumber: string }): string {
  return order.paymentIntentId ? shownOrderNumber(order.paymentIntentId) : order.orderNumber;
}
