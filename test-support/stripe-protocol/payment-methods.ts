// Payment methods: a card made as Stripe.js's createPaymentMethod makes it (the number checked as Stripe checks it),
// and the retrieval of one, a test PaymentMethod (pm_card_visa…) included.
import { randomBytes } from 'node:crypto';
import {
  cardCountryOf,
  cardOutcome,
  DECLINES as DECLINING_CARDS,
  type CardError,
} from '../../src/server/providers/payments/test-cards';
import { type Account, type Caller, now, stripeId } from './account';
import { type DeclineReason, isDeclineReason, TEST_PAYMENT_METHODS, type TestCard } from './cards';
import { cardError, invalidRequest, noSuch } from './errors';
import {
  expandParam,
  type FormObject,
  hashParam,
  metadataParam,
  refuseUnknown,
  requiredInteger,
  requiredString,
  stringParam,
} from './form-params';
import type { BillingAddress, StoredPaymentMethod } from './types';

export const EMPTY_ADDRESS: BillingAddress = {
  city: null,
  country: null,
  line1: null,
  line2: null,
  postal_code: null,
  state: null,
};

export function storePaymentMethod(
  account: Account,
  card: TestCard & { expMonth?: number; expYear?: number; cvcChecked?: boolean },
  billing: Partial<BillingAddress> & { email?: string; name?: string; phone?: string } = {},
  decline?: DeclineReason,
): StoredPaymentMethod {
  const { email = null, name = null, phone = null, ...address } = billing;
  const method: StoredPaymentMethod = {
    id: stripeId('pm'),
    object: 'payment_method',
    type: 'card',
    allow_redisplay: 'unspecified',
    billing_details: { address: { ...EMPTY_ADDRESS, ...address }, email, name, phone, tax_id: null },
    card: {
      brand: card.brand,
      checks: {
        address_line1_check: null,
        address_postal_code_check: null,
        cvc_check: card.cvcChecked ? 'pass' : null,
      },
      country: card.country ?? 'US',
      display_brand: card.brand,
      exp_month: card.expMonth ?? 12,
      exp_year: card.expYear ?? new Date().getFullYear() + 3,
      fingerprint: randomBytes(8).toString('hex'),
      funding: 'credit',
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
  };
  account.paymentMethods.set(method.id, method);
  if (decline) account.declines.set(method.id, decline);
  return method;
}

/** Where Stripe points a card form's error. */
function cardParamOf(error: CardError): string {
  if (error.field === 'expiry') return error.code === 'invalid_expiry_year' ? 'card[exp_year]' : 'card[exp_month]';
  return error.field === 'cvc' ? 'card[cvc]' : 'card[number]';
}

function billingParam(params: FormObject): Partial<BillingAddress> & { email?: string; name?: string; phone?: string } {
  const billing = hashParam(params, 'billing_details');
  refuseUnknown(billing, ['address', 'email', 'name', 'phone'], 'billing_details');
  const address = hashParam(billing, 'address', 'billing_details');
  const prefix = 'billing_details[address]';
  refuseUnknown(address, ['city', 'country', 'line1', 'line2', 'postal_code', 'state'], prefix);
  const fields = Object.keys(address).map((name) => [name, stringParam(address, name, prefix) ?? null]);
  const contact = (['email', 'name', 'phone'] as const).flatMap((name) => {
    const value = stringParam(billing, name, 'billing_details');
    return value === undefined ? [] : [[name, value]];
  });
  return Object.fromEntries([...fields, ...contact]) as Partial<BillingAddress>;
}

/**
 * A card payment method, as Stripe.js's createPaymentMethod makes it from the card field: the number checked as Stripe
 * checks it (a declining test card makes a payment method whose charge is declined; a number that is no test card is
 * refused in test mode), issued in the country of its international test card.
 */
export function createPaymentMethod(account: Account, params: FormObject, caller: Caller): StoredPaymentMethod {
  refuseUnknown(params, ['type', 'card', 'billing_details', 'metadata', 'expand']);
  expandParam(params, []);
  const type = requiredString(params, 'type');
  if (type !== 'card')
    throw invalidRequest(`Invalid type: this server makes card payment methods only, not ${type}.`, { param: 'type' });
  const card = hashParam(params, 'card');
  refuseUnknown(card, ['number', 'exp_month', 'exp_year', 'cvc'], 'card');
  const number = requiredString(card, 'number', 'card');
  if (caller === 'secret') {
    throw invalidRequest(
      'Sending credit card numbers directly to the Stripe API is generally unsafe. We suggest you use test tokens that map to the test card you are using, see https://stripe.com/docs/testing. To enable testing raw card data APIs, see https://support.stripe.com/questions/enabling-access-to-raw-card-data-apis.',
      { param: 'card[number]' },
    );
  }
  const expMonth = requiredInteger(card, 'exp_month', 'card');
  const expYear = requiredInteger(card, 'exp_year', 'card');
  const cvc = stringParam(card, 'cvc', 'card');
  const billing = billingParam(params);
  // The API asks for no postal code (the card form does), and a CVC only when given.
  const outcome = cardOutcome({ number, expMonth, expYear, cvc: cvc ?? '000', postalCode: billing.postal_code ?? '-' });
  const digits = number.replace(/[\s-]/g, '');
  let decline: DeclineReason | undefined;
  if (outcome.kind === 'refused') {
    const declining = DECLINING_CARDS[digits];
    if (!outcome.brand || !declining || !isDeclineReason(declining.code))
      throw cardError(outcome.error, cardParamOf(outcome.error));
    decline = declining.code;
  }
  const method = storePaymentMethod(
    account,
    {
      brand: outcome.brand ?? 'unknown',
      last4: digits.slice(-4),
      country: cardCountryOf(digits),
      expMonth,
      expYear: expYear < 100 ? 2000 + expYear : expYear,
      cvcChecked: cvc !== undefined,
    },
    billing,
    decline,
  );
  method.metadata = metadataParam(params);
  return method;
}

/** A payment method of the account, or a fresh one of the test card a test PaymentMethod (pm_card_visa…) stands for. */
export function resolvePaymentMethod(account: Account, id: string, param: string, status: number): StoredPaymentMethod {
  const stored = account.paymentMethods.get(id);
  if (stored) return stored;
  const test = TEST_PAYMENT_METHODS[id];
  if (!test) throw noSuch('PaymentMethod', id, param, status);
  const { decline, ...card } = test;
  return storePaymentMethod(account, card, {}, decline);
}
