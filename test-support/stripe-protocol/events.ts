// Events, as Stripe sends them to a webhook endpoint: expandable fields are ids, never objects.
import Stripe from 'stripe';
import { type Account, now, stripeId } from './account';
import { findIntent, intentJson } from './intents';
import type { StoredIntent } from './types';

/** A dispute as Stripe sends it in charge.dispute.* events: about a charge of an intent, with its outcome. */
function disputeJson(intent: StoredIntent, status: string) {
  return {
    id: stripeId('dp'),
    object: 'dispute',
    amount: intent.amount,
    currency: intent.currency,
    charge: intent.latest_charge,
    payment_intent: intent.id,
    reason: 'fraudulent',
    status,
  };
}

export function eventPayload(
  account: Account,
  type: string,
  intentId: string,
  disputeStatus = 'needs_response',
): string {
  const intent = findIntent(account, intentId, 'intent', 404);
  const charge = intent.latest_charge ? account.charges.get(intent.latest_charge) : undefined;
  // charge.dispute.* events carry the dispute, other charge.* events the charge, every other one the intent.
  const object = type.startsWith('charge.dispute.')
    ? disputeJson(intent, disputeStatus)
    : type.startsWith('charge.') && charge
      ? charge
      : intentJson(account, intent, false);
  return JSON.stringify({
    id: stripeId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: stripeId('req'), idempotency_key: null },
    type,
  });
}
