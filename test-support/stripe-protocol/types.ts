// The objects the loopback Stripe account stores, in Stripe's JSON shape: payment methods, charges, payment intents
// (and their last payment error), refunds.
import type { TestCard } from './cards';

export interface BillingAddress {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface StoredPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  allow_redisplay: 'unspecified';
  billing_details: {
    address: BillingAddress;
    email: string | null;
    name: string | null;
    phone: string | null;
    tax_id: null;
  };
  card: {
    brand: string;
    checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | null };
    country: string;
    display_brand: string;
    exp_month: number;
    exp_year: number;
    fingerprint: string;
    funding: 'credit';
    generated_from: null;
    last4: string;
    networks: { available: string[]; preferred: null };
    regulated_status: 'unregulated';
    three_d_secure_usage: { supported: true };
    wallet: null;
  };
  created: number;
  customer: null;
  customer_account: null;
  livemode: false;
  metadata: Record<string, string>;
}

export interface StoredCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  status: 'succeeded' | 'failed';
  paid: boolean;
  captured: boolean;
  refunded: boolean;
  payment_intent: string;
  payment_method: string;
  /** A card's (a wallet's card too), or another method's sub-object named by its type ('ideal': { bank }). */
  payment_method_details: {
    type: string;
    card?: TestCard & {
      exp_month: number;
      exp_year: number;
      funding: string;
      country: string;
      wallet?: { type: string } | null;
    };
    [type: string]: unknown;
  };
  failure_code: string | null;
  failure_message: string | null;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

export interface PaymentError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
  charge?: string;
  doc_url?: string;
  payment_method?: StoredPaymentMethod;
}

/** The reasons Stripe takes for canceling an intent. */
export type CancellationReason = 'duplicate' | 'fraudulent' | 'requested_by_customer' | 'abandoned';

export interface StoredIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  /**
   * requires_confirmation: an update gave it a payment method, and the page has still to confirm it.
   * requires_action: the buyer is at a redirect method's bank. processing: a payment that settles later.
   */
  status:
    'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  payment_method: string | null;
  latest_charge: string | null;
  last_payment_error: PaymentError | null;
  description: string | null;
  receipt_email: string | null;
  capture_method: 'automatic_async';
  confirmation_method: 'automatic';
  automatic_payment_methods: { enabled: boolean } | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
  canceled_at: number | null;
  cancellation_reason: CancellationReason | null;
  created: number;
  livemode: false;
}

export interface StoredRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

/**
 * A ConfirmationToken, as Stripe.js's createConfirmationToken makes it from the Payment Element: what the confirmation
 * will pay with, shown in payment_method_preview (a card and its wallet, a bank, Link…).
 */
export interface StoredConfirmationToken {
  id: string;
  object: 'confirmation_token';
  created: number;
  expires_at: number;
  livemode: false;
  payment_intent: string | null;
  payment_method_preview: {
    type: string;
    billing_details: { address: BillingAddress; email: string | null; name: string | null; phone: string | null };
    [type: string]: unknown;
  };
  return_url: string | null;
  use_stripe_sdk: boolean;
}

export interface KeptToken {
  token: StoredConfirmationToken;
  /** The card behind a card, wallet or Link token: what its charge is made with. */
  cardMethodId: string | null;
}
