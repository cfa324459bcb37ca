// Payment intents: create, retrieve, update, confirm and cancel, the charge of a confirmation, and a decline as Stripe
// reports it (last_payment_error).
import { randomBytes } from 'node:crypto';
import { type Account, type Caller, now, stripeId } from './account';
import { DECLINES, type DeclineReason } from './cards';
import { invalidRequest, noSuch, StripeApiError } from './errors';
import {
  type FormObject,
  hashParam,
  integerParam,
  metadataParam,
  refuseUnknown,
  requiredString,
  stringList,
  stringParam,
} from './form-params';
import { AUTOMATIC_TYPES } from './method-types';
import { resolvePaymentMethod } from './payment-methods';
import type { CancellationReason, PaymentError, StoredCharge, StoredIntent, StoredPaymentMethod } from './types';

/** Stripe's smallest charge in US dollars. */
const MINIMUM_USD_AMOUNT = 50;

export function intentJson(account: Account, intent: StoredIntent, expandCharge: boolean): unknown {
  const charge = expandCharge && intent.latest_charge ? account.charges.get(intent.latest_charge) : undefined;
  return structuredClone({ ...intent, latest_charge: charge ?? intent.latest_charge });
}

export function findIntent(account: Account, id: string, param: string, status: number): StoredIntent {
  const intent = account.intents.get(id);
  if (!intent) throw noSuch('payment_intent', id, param, status);
  return intent;
}

export const INTENT_EXPANDABLE = ['latest_charge'];

/** Stripe.js reads and confirms an intent with the publishable key and the intent's client_secret. */
export function checkClientSecret(intent: StoredIntent, params: FormObject, caller: Caller): void {
  if (caller === 'secret' || stringParam(params, 'client_secret') === intent.client_secret) return;
  throw invalidRequest(
    'The client_secret provided does not match any associated PaymentIntent on this account. Ensure the publishable key used belongs to the same account that created the PaymentIntent.',
    { param: 'client_secret' },
  );
}

function checkAmount(currency: string, amount: number): void {
  if (currency === 'usd' && amount < MINIMUM_USD_AMOUNT) {
    throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
  }
}

export function createIntent(account: Account, params: FormObject): StoredIntent {
  refuseUnknown(params, [
    'amount',
    'currency',
    'allowed_payment_method_types',
    'payment_method_types',
    'automatic_payment_methods',
    'metadata',
    'description',
    'receipt_email',
    'expand',
  ]);
  const amount = integerParam(params, 'amount');
  if (amount === undefined)
    throw invalidRequest('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
  const currency = requiredString(params, 'currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { param: 'currency' });
  checkAmount(currency, amount);
  const allowed = stringList(params, 'allowed_payment_method_types') ?? null;
  const automatic = stringParam(hashParam(params, 'automatic_payment_methods'), 'enabled') === 'true';
  if (automatic && allowed)
    throw invalidRequest(
      'You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods.',
      { param: 'automatic_payment_methods' },
    );
  const id = stripeId('pi');
  const intent: StoredIntent = {
    id,
    object: 'payment_intent',
    amount,
    amount_received: 0,
    currency,
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    metadata: metadataParam(params),
    allowed_payment_method_types: allowed,
    payment_method_types: automatic
      ? [...AUTOMATIC_TYPES]
      : (allowed ?? stringList(params, 'payment_method_types') ?? ['card']),
    automatic_payment_methods: automatic ? { enabled: true } : null,
    payment_method: null,
    latest_charge: null,
    last_payment_error: null,
    description: stringParam(params, 'description') ?? null,
    receipt_email: stringParam(params, 'receipt_email') ?? null,
    capture_method: 'automatic_async',
    confirmation_method: 'automatic',
    next_action: null,
    canceled_at: null,
    cancellation_reason: null,
    created: now(),
    livemode: false,
  };
  account.intents.set(id, intent);
  return intent;
}

/**
 * An update before the payment: a new amount (the tax worked out again for the card's country), the payment method
 * the page will confirm with (the intent then waits for that confirmation), metadata merged key by key (an empty value
 * removes its key). Once the intent succeeded, its amount and payment method are Stripe's record of the payment.
 */
export function updateIntent(account: Account, intent: StoredIntent, params: FormObject): void {
  refuseUnknown(params, ['amount', 'payment_method', 'metadata', 'description', 'receipt_email', 'expand']);
  const amount = integerParam(params, 'amount');
  const paymentMethod = stringParam(params, 'payment_method');
  const frozen = (['amount', 'payment_method'] as const).find((field) => params[field] !== undefined);
  if (frozen && (intent.status === 'succeeded' || intent.status === 'canceled')) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      param: frozen,
      message: `This PaymentIntent's ${frozen} could not be updated because it has a status of ${intent.status}. You may only update the ${frozen} of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
      payment_intent: intentJson(account, intent, false),
    });
  }
  if (amount !== undefined) {
    checkAmount(intent.currency, amount);
    intent.amount = amount;
  }
  if (paymentMethod !== undefined) {
    intent.payment_method = resolvePaymentMethod(account, paymentMethod, 'payment_method', 400).id;
    intent.status = 'requires_confirmation';
  }
  if (params.metadata === '') intent.metadata = {};
  for (const [key, value] of Object.entries(metadataParam(params))) {
    if (value === '') delete intent.metadata[key];
    else intent.metadata[key] = value;
  }
  const description = stringParam(params, 'description');
  if (description !== undefined) intent.description = description || null;
  const receiptEmail = stringParam(params, 'receipt_email');
  if (receiptEmail !== undefined) intent.receipt_email = receiptEmail || null;
}

/**
 * A charge of the intent's amount by `method`, succeeded or (with `failure`) failed, stored and made the intent's
 * latest: a card's and a method without a card's alike.
 */
export function recordCharge(
  account: Account,
  intent: StoredIntent,
  method: { id: string; details: StoredCharge['payment_method_details'] },
  failure: { code: string; message: string } | undefined,
): StoredCharge {
  const charge: StoredCharge = {
    id: stripeId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: failure ? 0 : intent.amount,
    amount_refunded: 0,
    currency: intent.currency,
    status: failure ? 'failed' : 'succeeded',
    paid: !failure,
    captured: !failure,
    refunded: false,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: method.details,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    created: now(),
    livemode: false,
    metadata: {},
  };
  account.charges.set(charge.id, charge);
  intent.latest_charge = charge.id;
  return charge;
}

function chargeCard(
  account: Account,
  intent: StoredIntent,
  method: StoredPaymentMethod,
  decline: DeclineReason | undefined,
): StoredCharge {
  const failure = decline ? DECLINES[decline] : undefined;
  const { brand, last4, exp_month, exp_year, funding, country } = method.card;
  const details = { type: 'card', card: { brand, last4, exp_month, exp_year, funding, country } };
  const charge = recordCharge(account, intent, { id: method.id, details }, failure);
  // A declined payment method is taken off the intent, which waits for another.
  intent.payment_method = failure ? null : method.id;
  return charge;
}

export function succeed(account: Account, intent: StoredIntent, method: StoredPaymentMethod): void {
  chargeCard(account, intent, method, undefined);
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.last_payment_error = null;
}

/** As at Stripe, a declined intent goes back to waiting for a payment method, and says why in last_payment_error. */
export function fail(
  account: Account,
  intent: StoredIntent,
  reason: DeclineReason,
  method: StoredPaymentMethod,
): PaymentError {
  const charge = chargeCard(account, intent, method, reason);
  const error: PaymentError = {
    type: 'card_error',
    ...DECLINES[reason],
    charge: charge.id,
    doc_url: `https://docs.stripe.com/error-codes/${DECLINES[reason].code.replaceAll('_', '-')}`,
    payment_method: structuredClone(method),
  };
  intent.status = 'requires_payment_method';
  intent.last_payment_error = error;
  return error;
}

/** An intent can be confirmed while no payment is made or under way on it. */
export function checkConfirmable(intent: StoredIntent): void {
  if (intent.status === 'canceled') {
    throw invalidRequest(
      'This PaymentIntent has a status of canceled and cannot be confirmed. You can create a new PaymentIntent to try again.',
      { code: 'payment_intent_unexpected_state' },
    );
  }
  if (intent.status === 'succeeded') {
    throw invalidRequest(
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      {
        code: 'payment_intent_unexpected_state',
      },
    );
  }
  if (intent.status === 'requires_action' || intent.status === 'processing') {
    throw invalidRequest(
      `This PaymentIntent's payment is under way (${intent.status}); it cannot be confirmed again.`,
      {
        code: 'payment_intent_unexpected_state',
      },
    );
  }
}

/** Confirms with the payment method given, or with the one an update put on the intent; a charge of its amount now. */
export function confirmIntent(account: Account, intent: StoredIntent, params: FormObject): void {
  refuseUnknown(params, ['payment_method', 'client_secret', 'return_url', 'expand']);
  checkConfirmable(intent);
  const given = stringParam(params, 'payment_method');
  const method =
    given !== undefined
      ? resolvePaymentMethod(account, given, 'payment_method', 400)
      : account.paymentMethods.get(intent.payment_method ?? '');
  if (!method) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      { code: 'payment_intent_unexpected_state' },
    );
  }
  const decline = account.declines.get(method.id);
  if (decline) {
    const error = fail(account, intent, decline, method);
    // Stripe answers a decline with 402 and the intent inside the error.
    throw new StripeApiError(402, { ...error, payment_intent: intentJson(account, intent, false) });
  }
  succeed(account, intent, method);
}

const CANCELLATION_REASONS: readonly CancellationReason[] = [
  'duplicate',
  'fraudulent',
  'requested_by_customer',
  'abandoned',
];

/** As at Stripe: an intent not paid yet can be canceled, after which it is neither confirmed nor updated. */
export function cancelIntent(account: Account, intent: StoredIntent, params: FormObject): void {
  refuseUnknown(params, ['cancellation_reason', 'expand']);
  const reason = stringParam(params, 'cancellation_reason');
  if (reason !== undefined && !CANCELLATION_REASONS.includes(reason as CancellationReason))
    throw invalidRequest(`Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.join(', ')}`, {
      param: 'cancellation_reason',
    });
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      payment_intent: intentJson(account, intent, false),
    });
  }
  intent.status = 'canceled';
  intent.canceled_at = now();
  intent.cancellation_reason = (reason as CancellationReason | undefined) ?? null;
}
