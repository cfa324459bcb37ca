// A payment provider does four things (docs/architecture.md, "Providers"): create an intent for an amount the
// server computed, tell the current state of an intent, refund, and turn the provider's signed notifications into
// events. Amounts are integer cents of the store's currency.

import type { IntentStatus } from '#shared/orders/checkout.ts';

export type { IntentStatus };

/**
 * An intent in these states has no payment under way: nobody is paying it yet, so it can be canceled, re-priced or
 * confirmed. A bank's step (requires_action) or a payment that settles later (processing) is under way.
 */
export const AWAITING_PAYMENT: readonly IntentStatus[] = ['requires_payment_method', 'requires_confirmation'];

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: IntentStatus;
  /** What the store put on the intent: its order id, so an event is matched to its order. */
  metadata: Record<string, string>;
  /** Only brand and last four digits are ever kept. */
  card: { brand: string; last4: string } | null;
  lastError: { code: string; message: string } | null;
  /** What has been paid back so far, in cents (null when the provider's answer did not say). */
  amountRefunded: number | null;
}

export interface CreateIntentInput {
  amount: number;
  currency: string;
  orderId: number;
  orderNumber: string;
  customerEmail: string;
  /** One per order: asking twice for the same order gives the same intent. */
  idempotencyKey: string;
}

export type PaymentEvent =
  | { id: string; type: 'payment_intent.succeeded' | 'payment_intent.payment_failed'; intent: ProviderIntent }
  /** A refund, full or partial: the total paid back so far on the payment. */
  | { id: string; type: 'charge.refunded'; paymentIntentId: string; amountRefunded: number }
  | { id: string; type: 'charge.dispute.created'; paymentIntentId: string }
  | { id: string; type: 'charge.dispute.closed'; paymentIntentId: string; won: boolean }
  | { id: string; type: 'ignored'; providerType: string };

export interface RefundResult {
  id: string;
  amount: number;
  status: string;
}

/**
 * What the provider knows of a payment method the page made (Stripe Elements, or the test card form): the card's
 * issuing country and the billing address's country, the place-of-supply evidence for VAT.
 */
export interface PaymentMethodFacts {
  id: string;
  cardCountry: string | null;
  billingCountry: string | null;
  card: { brand: string; last4: string } | null;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Pays back `amount` cents (all that is left without one). The same `idempotencyKey` twice refunds once; a refund
   * the provider will not make (nothing left, more than is left) throws RefundRefusedError.
   */
  refund(intentId: string, amount: number | undefined, idempotencyKey: string): Promise<RefundResult>;
  /** null when the provider does not know the id. */
  readPaymentMethod(id: string): Promise<PaymentMethodFacts | null>;
  /**
   * A new amount for an intent not confirmed yet (its tax was worked out again for the card's country), with the
   * payment method it will be confirmed with.
   */
  updateIntentAmount(intentId: string, amount: number, paymentMethodId: string): Promise<ProviderIntent>;
  /**
   * Cancels an intent nobody is paying yet (waiting for a payment method or its confirmation), so its price can no
   * longer be charged. Answers the intent as it is after: one whose payment is under way or done is left as it is.
   * Null when the provider does not know the id.
   */
  cancelIntent(intentId: string): Promise<ProviderIntent | null>;
  /** Checks the signature and reads the event; throws WebhookSignatureError when it does not hold. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}

export class WebhookSignatureError extends Error {}
export class RefundRefusedError extends Error {}
