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
  /**
   * While status is requires_action: where the buyer goes to finish (a bank's page for a redirect method), or null
   * when the page finishes it itself (a card's authentication step). Null in every other status.
   */
  nextAction: { redirectUrl: string | null } | null;
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
  | {
      id: string;
      type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.processing';
      intent: ProviderIntent;
    }
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
  /** The provider's type of method ('card', 'ideal', 'link'…), and how receipts name it ("Apple Pay (Visa ••4242)"). */
  type: string;
  label: string;
  /** A method without a card: the country it tells of the payer where it tells one (a bank account's), else null. */
  methodCountry: string | null;
}

/** How the server confirms an intent with what the page collected. */
export interface ConfirmInput {
  intentId: string;
  /** The confirmation the page made (Stripe's ConfirmationToken; the test provider's payment method). */
  confirmationId: string;
  /** Where a redirect method's bank sends the buyer back to. */
  returnUrl: string;
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
  /** What the page's confirmation will pay with (Stripe: the ConfirmationToken's preview); null for an unknown id. */
  readConfirmation(id: string): Promise<PaymentMethodFacts | null>;
  /**
   * Confirms the intent with the page's confirmation, on the server: answers the intent as it is after (succeeded,
   * processing, requires_action with its next step, or requires_payment_method with the refusal in lastError).
   */
  confirmIntent(input: ConfirmInput): Promise<ProviderIntent>;
  /**
   * A new amount for an intent not confirmed yet (its tax was worked out again for the card's country), with the
   * payment method it will be confirmed with, when it was made apart from its confirmation.
   */
  updateIntentAmount(intentId: string, amount: number, paymentMethodId?: string): Promise<ProviderIntent>;
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
/** The provider would not confirm with what the page collected (a method the intent does not allow, a used token). */
export class ConfirmRefusedError extends Error {}
