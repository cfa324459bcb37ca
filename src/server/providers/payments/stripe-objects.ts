import type Stripe from 'stripe';
import { INTENT_STATUSES } from '#shared/orders/checkout.ts';
import type { IntentStatus, PaymentMethodFacts, ProviderIntent } from './payment-provider';
import { methodCountry, methodLabel } from './payment-method-label';

// Stripe's objects read in the store's terms: what StripePayments answers with.

/** Stripe's PaymentIntent in the store's terms: only what the store keeps, and the card only as brand and last four. */
export function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    // Always present when read with the secret key; the empty string stands for "not given to us".
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    currency: intent.currency,
    status: toIntentStatus(intent.status),
    metadata: { ...intent.metadata },
    card: cardOf(intent.latest_charge),
    lastError: lastErrorOf(intent.last_payment_error),
    amountRefunded:
      intent.latest_charge && typeof intent.latest_charge !== 'string' ? intent.latest_charge.amount_refunded : null,
    nextAction: nextActionOf(intent),
  };
}

/** A redirect's bank page, where Stripe names one; any other step (3-D Secure) Stripe.js shows on the page. */
function nextActionOf(intent: Stripe.PaymentIntent): ProviderIntent['nextAction'] {
  if (intent.status !== 'requires_action') return null;
  const redirect = intent.next_action?.type === 'redirect_to_url' ? intent.next_action.redirect_to_url?.url : null;
  return { redirectUrl: redirect ?? null };
}

/** Stripe gives a related object as its id, or as the object when expanded. */
export function idOf(value: string | { id: string } | null): string | null {
  return value === null ? null : typeof value === 'string' ? value : value.id;
}

const KNOWN_STATUSES: ReadonlySet<string> = new Set(INTENT_STATUSES);

function isIntentStatus(status: string): status is IntentStatus {
  return KNOWN_STATUSES.has(status);
}

/**
 * 'requires_capture' (the store never asks for manual capture) and any status Stripe adds later read as
 * 'processing': not paid yet, not failed either, so nothing is fulfilled or given up on because of it.
 */
function toIntentStatus(status: Stripe.PaymentIntent.Status): IntentStatus {
  return isIntentStatus(status) ? status : 'processing';
}

/** A webhook carries latest_charge as an id, not expanded: then the card is unknown here and the caller asks again. */
function cardOf(charge: string | Stripe.Charge | null): ProviderIntent['card'] {
  if (charge === null || typeof charge === 'string') return null;
  const card = charge.payment_method_details?.card;
  if (!card?.brand || !card.last4) return null;
  return { brand: card.brand, last4: card.last4 };
}

/**
 * Stripe reports every issuer decline as code 'card_declined' and says why in decline_code
 * ('insufficient_funds', 'lost_card'…): the reason is what a customer can act on, so it wins when there is one
 * ('generic_decline' says no more than 'card_declined').
 */
function lastErrorOf(error: Stripe.PaymentIntent.LastPaymentError | null): ProviderIntent['lastError'] {
  if (!error) return null;
  const reason = error.decline_code && error.decline_code !== 'generic_decline' ? error.decline_code : undefined;
  return {
    code: reason ?? error.code ?? error.type,
    message: error.message ?? 'The payment failed.',
  };
}

/** The VAT evidence and the label of a payment method, or of a ConfirmationToken's preview of one (alike in shape). */
export function factsOf(
  id: string,
  method: Stripe.PaymentMethod | Stripe.ConfirmationToken.PaymentMethodPreview,
): PaymentMethodFacts {
  const card = method.card;
  return {
    id,
    cardCountry: card?.country ?? null,
    billingCountry: method.billing_details.address?.country ?? null,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    type: method.type,
    label: methodLabel(method),
    methodCountry: card ? null : methodCountry(method),
  };
}
