// Refunds: a payment intent's charge refunded in full or in part.
import { type Account, now, stripeId } from './account';
import { invalidRequest } from './errors';
import { type FormObject, integerParam, metadataParam, refuseUnknown, stringParam } from './form-params';
import { findIntent } from './intents';
import type { StoredRefund } from './types';

export function createRefund(account: Account, params: FormObject): StoredRefund {
  refuseUnknown(params, ['payment_intent', 'amount', 'reason', 'metadata', 'expand']);
  const intentId = stringParam(params, 'payment_intent');
  if (!intentId)
    throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', {
      code: 'parameter_missing',
    });
  const intent = findIntent(account, intentId, 'payment_intent', 400);
  const charge = intent.latest_charge ? account.charges.get(intent.latest_charge) : undefined;
  if (intent.status !== 'succeeded' || !charge) {
    throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
      param: 'payment_intent',
    });
  }
  const left = charge.amount_captured - charge.amount_refunded;
  if (left === 0)
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  const amount = integerParam(params, 'amount') ?? left;
  if (amount <= 0)
    throw invalidRequest('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
  if (amount > left) {
    throw invalidRequest(
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
      {
        code: 'amount_too_large',
        param: 'amount',
      },
    );
  }
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount_captured;
  const refund: StoredRefund = {
    id: stripeId('re'),
    object: 'refund',
    amount,
    currency: charge.currency,
    charge: charge.id,
    payment_intent: intent.id,
    status: 'succeeded',
    reason: stringParam(params, 'reason') ?? null,
    metadata: metadataParam(params),
    created: now(),
  };
  account.refunds.set(refund.id, refund);
  return refund;
}
