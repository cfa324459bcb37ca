// A loopback server speaking the part of Stripe's HTTP API the store uses, so tests run the real `stripe` SDK
// (its encoding, headers, retries, error classes) against it instead of a mock of the SDK.
//   POST /v1/payment_methods              a card, as Stripe.js's createPaymentMethod sends it (type=card, card[number]…,
//                                         billing_details[address][country]): the card's country follows Stripe's
//                                         international test cards; a card number needs the publishable key
//   GET  /v1/payment_methods/:id          retrieve (card brand, last4, country; billing address); Stripe's test
//                                         PaymentMethods (pm_card_visa, pm_card_de…) too
//   POST /v1/payment_intents              create (form-encoded, metadata[k], allowed_payment_method_types[0]…)
//   GET  /v1/payment_intents/:id          retrieve (expand[]=latest_charge embeds the charge)
//   POST /v1/payment_intents/:id          update amount, payment_method, metadata…; refused once it succeeded
//   POST /v1/payment_intents/:id/confirm  confirm with the payment method given (one created here, or a test one such
//                                         as pm_card_visa), or with the one an update set
//   POST /v1/refunds                      refund a payment_intent, in full or in part
//   POST /v1/tax/calculations             Stripe Tax: each line's VAT in the customer's country, by the account's own
//                                         registrations (startStripeProtocolServer's taxRegistrations); expand[] of
//                                         line_items and line_items.data.tax_breakdown
//   GET  /v1/tax/calculations/:id/line_items  a page of its line items (limit, starting_after)
//   POST /v1/tax/transactions/create_from_calculation  record a sale (reference unique among all transactions)
//   POST /v1/tax/transactions/create_reversal          mode full, or partial by flat_amount or line_items
//   GET  /v1/tax/transactions/:id/line_items  likewise
// A publishable key (pk_test_…, the browser's) is answered only where Stripe.js uses it: making a payment method, and
// reading or confirming an intent with its client_secret. POSTs honour Idempotency-Key as Stripe does: the same key and
// body replays the first answer, the same key with another body is an idempotency_error. Errors have Stripe's shape and
// status.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  CARD_COUNTRIES,
  cardCountryOf,
  cardOutcome,
  DECLINES as DECLINING_CARDS,
  type CardError,
} from '../src/server/providers/payments/test-cards';
import { EU_COUNTRIES } from '../src/shared/taxes';

export interface TestCard {
  brand: string;
  last4: string;
  /** Where it was issued: the United States unless told. */
  country?: string;
}

interface BillingAddress {
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
  payment_method_details: {
    type: 'card';
    card: TestCard & { exp_month: number; exp_year: number; funding: string; country: string };
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

export interface StoredIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  /** requires_confirmation: an update gave it a payment method, and the page has still to confirm it. */
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded';
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
  next_action: null;
  canceled_at: null;
  cancellation_reason: null;
  created: number;
  livemode: false;
}

interface StoredRefund {
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

/** Why a card is declined, as Stripe reports it (code, decline_code, message); keyed by what failIntent takes. */
const DECLINES = {
  card_declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  lost_card: { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' },
  expired_card: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: {
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  processing_error: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
} satisfies Record<string, { code: string; decline_code?: string; message: string }>;

export type DeclineReason = keyof typeof DECLINES;

function isDeclineReason(code: string): code is DeclineReason {
  return code in DECLINES;
}

/**
 * Stripe's test PaymentMethods (docs.stripe.com/testing): the card they stand for and, for some, its decline; and one
 * per international test card, pm_card_<country> (pm_card_de, pm_card_fr, pm_card_gb…), issued in that country.
 */
const TEST_PAYMENT_METHODS: Record<string, TestCard & { decline?: DeclineReason }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '0005' },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002', decline: 'card_declined' },
  pm_card_visa_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', decline: 'insufficient_funds' },
  pm_card_visa_chargeDeclinedLostCard: { brand: 'visa', last4: '9987', decline: 'lost_card' },
  pm_card_visa_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', decline: 'expired_card' },
  pm_card_visa_chargeDeclinedIncorrectCvc: { brand: 'visa', last4: '0127', decline: 'incorrect_cvc' },
  pm_card_visa_chargeDeclinedProcessingError: { brand: 'visa', last4: '0119', decline: 'processing_error' },
  pm_card_us: { brand: 'visa', last4: '4242', country: 'US' },
  ...Object.fromEntries(
    Object.entries(CARD_COUNTRIES).map(([number, country]) => [
      `pm_card_${country.toLowerCase()}`,
      { brand: 'visa', last4: number.slice(-4), country },
    ]),
  ),
};

const VISA: TestCard = { brand: 'visa', last4: '4242' };

/** Stripe's smallest charge in US dollars. */
const MINIMUM_USD_AMOUNT = 50;

// ---------------------------------------------------------------------------------------------------------------
// Errors in Stripe's shape

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

function invalidRequest(
  message: string,
  extra: { code?: string; param?: string; status?: number } = {},
): StripeApiError {
  const { status = 400, ...fields } = extra;
  return new StripeApiError(status, { type: 'invalid_request_error', message, ...fields });
}

function noSuch(kind: string, id: string, param: string, status: number): StripeApiError {
  return invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param, status });
}

function cardError(error: CardError, param: string): StripeApiError {
  return new StripeApiError(402, { type: 'card_error', code: error.code, message: error.message, param });
}

// ---------------------------------------------------------------------------------------------------------------
// Stripe's form encoding: a[b]=1&c[0]=x&c[1]=y (the SDK's), and c[]=x (curl's)

type FormValue = string | FormValue[] | FormObject;
interface FormObject {
  [key: string]: FormValue;
}

function decodeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) setPath(root, keyPath(key), value);
  return arraysFromIndexes(root) as FormObject;
}

function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return [key];
  const nested = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  return [match[1], ...nested];
}

function setPath(root: FormObject, path: string[], value: string): void {
  let node = root;
  path.forEach((segment, index) => {
    // An empty segment (c[]) appends: it takes the next free index.
    const key = segment === '' ? String(Object.keys(node).length) : segment;
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const child = node[key];
    node = isFormObject(child) ? child : (node[key] = {});
  });
}

function isFormObject(value: FormValue | undefined): value is FormObject {
  return typeof value === 'object' && !Array.isArray(value);
}

/** An object whose keys are all indexes (0, 1, …) was a list. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (!isFormObject(value)) return value;
  const entries = Object.entries(value).map(([key, child]) => [key, arraysFromIndexes(child)] as const);
  const isList = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  if (isList) return [...entries].sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => child);
  return Object.fromEntries(entries);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading parameters as Stripe checks them. `prefix` names a nested hash in errors: card[number], line_items[0][amount].

function nested(prefix: string, name: string): string {
  return prefix ? `${prefix}[${name}]` : name;
}

function refuseUnknown(params: FormObject, allowed: readonly string[], prefix = ''): void {
  const unknown = Object.keys(params).find((name) => !allowed.includes(name));
  if (unknown !== undefined) {
    const param = nested(prefix, unknown);
    throw invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });
  }
}

function stringParam(params: FormObject, name: string, prefix = ''): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  const param = nested(prefix, name);
  if (typeof value !== 'string')
    throw invalidRequest(`Invalid string: ${param}`, { code: 'parameter_invalid_string', param });
  return value;
}

function requiredString(params: FormObject, name: string, prefix = ''): string {
  const value = stringParam(params, name, prefix);
  const param = nested(prefix, name);
  if (value === undefined || value === '')
    throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  return value;
}

function integerParam(params: FormObject, name: string, prefix = ''): number | undefined {
  const value = stringParam(params, name, prefix);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value))
    throw invalidRequest(`Invalid integer: ${value}`, {
      code: 'parameter_invalid_integer',
      param: nested(prefix, name),
    });
  return Number(value);
}

function requiredInteger(params: FormObject, name: string, prefix = ''): number {
  const value = integerParam(params, name, prefix);
  const param = nested(prefix, name);
  if (value === undefined)
    throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  return value;
}

function stringList(params: FormObject, name: string): string[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    throw invalidRequest('Invalid array', { param: name });
  return value;
}

/** A nested hash (card[…], billing_details[…]); {} when absent. */
function hashParam(params: FormObject, name: string, prefix = ''): FormObject {
  const value = params[name];
  if (value === undefined || value === '') return {};
  if (!isFormObject(value))
    throw invalidRequest(`Invalid object: ${nested(prefix, name)}`, { param: nested(prefix, name) });
  return value;
}

/** A list of hashes (line_items[0][…], line_items[1][…]). */
function hashList(params: FormObject, name: string): FormObject[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every(isFormObject)) throw invalidRequest('Invalid array', { param: name });
  return value;
}

function metadataParam(params: FormObject): Record<string, string> {
  const value = params.metadata;
  if (value === undefined || value === '') return {};
  if (!isFormObject(value) || !Object.values(value).every((item) => typeof item === 'string')) {
    throw invalidRequest('Invalid metadata: metadata must be a hash of strings.', { param: 'metadata' });
  }
  return value as Record<string, string>;
}

/** expand[]: the fields this endpoint can expand; what was asked for. */
function expandParam(params: FormObject, expandable: readonly string[]): ReadonlySet<string> {
  const fields = stringList(params, 'expand') ?? [];
  const unsupported = fields.find((field) => !expandable.includes(field));
  if (unsupported !== undefined)
    throw invalidRequest(`This property cannot be expanded (${unsupported}).`, { param: 'expand' });
  return new Set(fields);
}

// ---------------------------------------------------------------------------------------------------------------
// Lists: a page of a list endpoint (limit, starting_after), and a list embedded in an object by expand[]

interface ListJson {
  object: 'list';
  data: unknown[];
  has_more: boolean;
  url: string;
  total_count?: number;
}

const DEFAULT_PAGE_SIZE = 10;

function listPage<T extends { id: string }>(
  items: readonly T[],
  params: FormObject,
  url: string,
  render: (item: T) => unknown,
): ListJson {
  const limit = integerParam(params, 'limit') ?? DEFAULT_PAGE_SIZE;
  if (limit < 1 || limit > 100)
    throw invalidRequest('Invalid integer: limit must be between 1 and 100.', {
      code: 'parameter_invalid_integer',
      param: 'limit',
    });
  const after = stringParam(params, 'starting_after');
  const start = after === undefined ? 0 : items.findIndex((item) => item.id === after) + 1;
  if (after !== undefined && start === 0) throw noSuch('object', after, 'starting_after', 400);
  const page = items.slice(start, start + limit);
  return { object: 'list', data: page.map(render), has_more: start + limit < items.length, url };
}

/** An expanded list holds its first page, and says how many there are in all. */
function embeddedList<T>(items: readonly T[], url: string, render: (item: T) => unknown): ListJson {
  return {
    object: 'list',
    data: items.slice(0, DEFAULT_PAGE_SIZE).map(render),
    has_more: items.length > DEFAULT_PAGE_SIZE,
    total_count: items.length,
    url,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The account's objects

function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

/** Who is calling: the secret key (the store's server), or the publishable key (Stripe.js in the page). */
type Caller = 'secret' | 'publishable';

interface TaxSetup {
  /** The account's registrations: country → its VAT rate as Stripe writes it ('19.0'). */
  registrations: ReadonlyMap<string, string>;
  /** The country of the account's head office: no reverse charge for a business buyer there. */
  headOffice: string;
}

interface Account {
  intents: Map<string, StoredIntent>;
  charges: Map<string, StoredCharge>;
  refunds: Map<string, StoredRefund>;
  paymentMethods: Map<string, StoredPaymentMethod>;
  /** How the card of a payment method is declined, for those made from a declining test card. */
  declines: Map<string, DeclineReason>;
  taxCalculations: Map<string, StoredCalculation>;
  taxTransactions: Map<string, StoredTaxTransaction>;
  tax: TaxSetup;
}

// ---------------------------------------------------------------------------------------------------------------
// Payment methods

const EMPTY_ADDRESS: BillingAddress = {
  city: null,
  country: null,
  line1: null,
  line2: null,
  postal_code: null,
  state: null,
};

function storePaymentMethod(
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
function createPaymentMethod(account: Account, params: FormObject, caller: Caller): StoredPaymentMethod {
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
function resolvePaymentMethod(account: Account, id: string, param: string, status: number): StoredPaymentMethod {
  const stored = account.paymentMethods.get(id);
  if (stored) return stored;
  const test = TEST_PAYMENT_METHODS[id];
  if (!test) throw noSuch('PaymentMethod', id, param, status);
  const { decline, ...card } = test;
  return storePaymentMethod(account, card, {}, decline);
}

// ---------------------------------------------------------------------------------------------------------------
// Payment intents

function intentJson(account: Account, intent: StoredIntent, expandCharge: boolean): unknown {
  const charge = expandCharge && intent.latest_charge ? account.charges.get(intent.latest_charge) : undefined;
  return structuredClone({ ...intent, latest_charge: charge ?? intent.latest_charge });
}

function findIntent(account: Account, id: string, param: string, status: number): StoredIntent {
  const intent = account.intents.get(id);
  if (!intent) throw noSuch('payment_intent', id, param, status);
  return intent;
}

const INTENT_EXPANDABLE = ['latest_charge'];

/** Stripe.js reads and confirms an intent with the publishable key and the intent's client_secret. */
function checkClientSecret(intent: StoredIntent, params: FormObject, caller: Caller): void {
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

function createIntent(account: Account, params: FormObject): StoredIntent {
  refuseUnknown(params, [
    'amount',
    'currency',
    'allowed_payment_method_types',
    'payment_method_types',
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
    payment_method_types: allowed ?? stringList(params, 'payment_method_types') ?? ['card'],
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
function updateIntent(account: Account, intent: StoredIntent, params: FormObject): void {
  refuseUnknown(params, ['amount', 'payment_method', 'metadata', 'description', 'receipt_email', 'expand']);
  const amount = integerParam(params, 'amount');
  const paymentMethod = stringParam(params, 'payment_method');
  const frozen = (['amount', 'payment_method'] as const).find((field) => params[field] !== undefined);
  if (frozen && intent.status === 'succeeded') {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      param: frozen,
      message: `This PaymentIntent's ${frozen} could not be updated because it has a status of succeeded. You may only update the ${frozen} of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
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

function chargeCard(
  account: Account,
  intent: StoredIntent,
  method: StoredPaymentMethod,
  decline: DeclineReason | undefined,
): StoredCharge {
  const failure = decline ? DECLINES[decline] : undefined;
  const { brand, last4, exp_month, exp_year, funding, country } = method.card;
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
    payment_method_details: { type: 'card', card: { brand, last4, exp_month, exp_year, funding, country } },
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    created: now(),
    livemode: false,
    metadata: {},
  };
  account.charges.set(charge.id, charge);
  // A declined payment method is taken off the intent, which waits for another.
  intent.payment_method = failure ? null : method.id;
  intent.latest_charge = charge.id;
  return charge;
}

function succeed(account: Account, intent: StoredIntent, method: StoredPaymentMethod): void {
  chargeCard(account, intent, method, undefined);
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.last_payment_error = null;
}

/** As at Stripe, a declined intent goes back to waiting for a payment method, and says why in last_payment_error. */
function fail(
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

/** Confirms with the payment method given, or with the one an update put on the intent; a charge of its amount now. */
function confirmIntent(account: Account, intent: StoredIntent, params: FormObject): void {
  refuseUnknown(params, ['payment_method', 'client_secret', 'return_url', 'expand']);
  if (intent.status === 'succeeded') {
    throw invalidRequest(
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      {
        code: 'payment_intent_unexpected_state',
      },
    );
  }
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

function createRefund(account: Account, params: FormObject): StoredRefund {
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

// ---------------------------------------------------------------------------------------------------------------
// Stripe Tax: calculations by the account's registrations, and the transactions that record sales and refunds

/** The registrations of an account with its head office in Ireland, selling across the EU (OSS) and to the UK. */
const DEFAULT_TAX_REGISTRATIONS: Readonly<Record<string, string>> = {
  AT: '20.0',
  BE: '21.0',
  DE: '19.0',
  ES: '21.0',
  FI: '25.5',
  FR: '20.0',
  IE: '23.0',
  IT: '22.0',
  NL: '21.0',
  GB: '20.0',
};

/** The account's preset tax code, for a line that names none: General - Electronically Supplied Services. */
const PRESET_TAX_CODE = 'txcd_10000000';

type TaxBehavior = 'exclusive' | 'inclusive';
type TaxabilityReason = 'standard_rated' | 'reverse_charge' | 'not_collecting';

interface TaxId {
  type: string;
  value: string;
}

interface CustomerDetails {
  address: BillingAddress;
  address_source: 'billing' | 'shipping' | null;
  ip_address: null;
  tax_ids: TaxId[];
  taxability_override: 'none';
}

interface LineTaxBreakdown {
  amount: number;
  jurisdiction: { country: string; display_name: string; level: 'country'; state: null };
  sourcing: 'destination';
  tax_rate_details: { display_name: string; percentage_decimal: string; tax_type: 'vat' } | null;
  taxability_reason: TaxabilityReason;
  taxable_amount: number;
}

export interface StoredCalculationLine {
  id: string;
  object: 'tax.calculation_line_item';
  amount: number;
  amount_tax: number;
  livemode: false;
  metadata: Record<string, string>;
  performance_location: null;
  product: null;
  quantity: number;
  reference: string;
  tax_behavior: TaxBehavior;
  tax_code: string;
  /** Included in the JSON only when expanded (line_items.data.tax_breakdown, or data.tax_breakdown when listed). */
  tax_breakdown: LineTaxBreakdown[];
}

export interface StoredCalculation {
  id: string;
  object: 'tax.calculation';
  amount_total: number;
  currency: string;
  customer: null;
  customer_details: CustomerDetails;
  expires_at: number;
  livemode: false;
  ship_from_details: null;
  shipping_cost: null;
  tax_amount_exclusive: number;
  tax_amount_inclusive: number;
  tax_breakdown: unknown[];
  tax_date: number;
  /** Its line_items, in the JSON only when expanded. */
  lines: StoredCalculationLine[];
}

export interface StoredTaxTransactionLine {
  id: string;
  object: 'tax.transaction_line_item';
  /** Negative in a reversal. */
  amount: number;
  amount_tax: number;
  livemode: false;
  metadata: Record<string, string>;
  product: null;
  quantity: number;
  reference: string;
  reversal: { original_line_item: string } | null;
  tax_behavior: TaxBehavior;
  tax_code: string;
  type: 'transaction' | 'reversal';
}

export interface StoredTaxTransaction {
  id: string;
  object: 'tax.transaction';
  created: number;
  currency: string;
  customer: null;
  customer_details: CustomerDetails;
  livemode: false;
  metadata: Record<string, string>;
  posted_at: number;
  reference: string;
  reversal: { original_transaction: string } | null;
  ship_from_details: null;
  shipping_cost: null;
  tax_date: number;
  type: 'transaction' | 'reversal';
  /** Its line_items, in the JSON only when expanded. */
  lines: StoredTaxTransactionLine[];
  /** Not Stripe's field: how a reversal was asked for (a full reversal ends the sale's reversals). */
  mode: 'full' | 'partial' | null;
}

const CALCULATION_LIFETIME_SECONDS = 90 * 24 * 60 * 60;

function countryName(code: string): string {
  return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
}

/** A business buyer's VAT number of its own country's kind: eu_vat in a member state, gb_vat in the UK, no_vat in Norway. */
function isLocalVatId(taxId: TaxId, country: string): boolean {
  if (taxId.type === 'eu_vat') return EU_COUNTRIES.has(country);
  return (taxId.type === 'gb_vat' && country === 'GB') || (taxId.type === 'no_vat' && country === 'NO');
}

/**
 * How the account taxes a sale of digital services to a customer in `country`. A business with its country's VAT
 * number outside the head office's country accounts for the VAT itself (the reverse charge): in the EU whenever the
 * head office is in the EU too, elsewhere where the account is registered. Otherwise a country without a registration
 * is not taxed (not_collecting), and a registered one at its rate.
 */
function taxabilityOf(tax: TaxSetup, country: string, taxIds: readonly TaxId[]) {
  const rate = tax.registrations.get(country);
  const withinEu = EU_COUNTRIES.has(country) && EU_COUNTRIES.has(tax.headOffice);
  const business = taxIds.some((taxId) => isLocalVatId(taxId, country));
  if (business && country !== tax.headOffice && (rate !== undefined || withinEu))
    return { reason: 'reverse_charge' as const, percentage: '0.0' };
  if (rate === undefined) return { reason: 'not_collecting' as const, percentage: null };
  return { reason: 'standard_rated' as const, percentage: rate };
}

/** The tax of a line at `rateBp` basis points, rounded half up: on top of the amount, or inside it (inclusive). */
function taxOf(amount: number, rateBp: number, behavior: TaxBehavior): number {
  if (behavior === 'exclusive') return Math.floor((2 * amount * rateBp + 10_000) / 20_000);
  const divisor = 10_000 + rateBp;
  return Math.floor((2 * amount * rateBp + divisor) / (2 * divisor));
}

function customerDetailsParam(params: FormObject): CustomerDetails {
  if (params.customer_details === undefined)
    throw invalidRequest('Missing required param: customer_details.', {
      code: 'parameter_missing',
      param: 'customer_details',
    });
  const details = hashParam(params, 'customer_details');
  refuseUnknown(details, ['address', 'address_source', 'tax_ids'], 'customer_details');
  const address = hashParam(details, 'address', 'customer_details');
  refuseUnknown(address, ['city', 'country', 'line1', 'line2', 'postal_code', 'state'], 'customer_details[address]');
  const country = requiredString(address, 'country', 'customer_details[address]');
  if (!/^[A-Z]{2}$/.test(country))
    throw invalidRequest(`Invalid country: ${country}`, { param: 'customer_details[address][country]' });
  const source = stringParam(details, 'address_source', 'customer_details');
  if (source !== undefined && source !== 'billing' && source !== 'shipping')
    throw invalidRequest(`Invalid customer_details[address_source]: must be one of billing or shipping`, {
      param: 'customer_details[address_source]',
    });
  const taxIds = (hashList(details, 'tax_ids') ?? []).map((taxId, index) => {
    const prefix = `customer_details[tax_ids][${index}]`;
    refuseUnknown(taxId, ['type', 'value'], prefix);
    const type = requiredString(taxId, 'type', prefix);
    if (!/^[a-z]{2}_[a-z_]+$/.test(type))
      throw invalidRequest(`Invalid ${prefix}[type]: ${type}`, { param: `${prefix}[type]` });
    return { type, value: requiredString(taxId, 'value', prefix) };
  });
  const fields = Object.fromEntries(
    Object.keys(address).map((name) => [name, stringParam(address, name, 'customer_details[address]') ?? null]),
  );
  return {
    address: { ...EMPTY_ADDRESS, ...fields, country },
    address_source: source ?? null,
    ip_address: null,
    tax_ids: taxIds,
    taxability_override: 'none',
  };
}

function calculationLine(
  item: FormObject,
  index: number,
  country: string,
  taxability: ReturnType<typeof taxabilityOf>,
): StoredCalculationLine {
  const prefix = `line_items[${index}]`;
  refuseUnknown(item, ['amount', 'reference', 'quantity', 'tax_behavior', 'tax_code', 'metadata'], prefix);
  const amount = requiredInteger(item, 'amount', prefix);
  if (amount < 0)
    throw invalidRequest(`Invalid non-negative integer: ${prefix}[amount]`, { param: `${prefix}[amount]` });
  const quantity = integerParam(item, 'quantity', prefix) ?? 1;
  if (quantity < 1)
    throw invalidRequest(`Invalid positive integer: ${prefix}[quantity]`, { param: `${prefix}[quantity]` });
  // The account has no default tax behavior: each line says whether its amount includes the tax.
  const behavior = requiredString(item, 'tax_behavior', prefix);
  if (behavior !== 'exclusive' && behavior !== 'inclusive')
    throw invalidRequest(`Invalid ${prefix}[tax_behavior]: must be one of exclusive or inclusive`, {
      param: `${prefix}[tax_behavior]`,
    });
  const taxCode = stringParam(item, 'tax_code', prefix) ?? PRESET_TAX_CODE;
  if (!/^txcd_\d{8}$/.test(taxCode)) throw noSuch('tax code', taxCode, `${prefix}[tax_code]`, 400);
  const rateBp = taxability.percentage === null ? 0 : Math.round(Number(taxability.percentage) * 100);
  const tax = taxOf(amount, rateBp, behavior);
  const taxed = taxability.reason !== 'not_collecting';
  return {
    id: stripeId('tax_li'),
    object: 'tax.calculation_line_item',
    amount,
    amount_tax: tax,
    livemode: false,
    metadata: metadataParam(item),
    performance_location: null,
    product: null,
    quantity,
    reference: stringParam(item, 'reference', prefix) ?? `line_item_${index}`,
    tax_behavior: behavior,
    tax_code: taxCode,
    tax_breakdown: [
      {
        amount: tax,
        jurisdiction: { country, display_name: countryName(country), level: 'country', state: null },
        sourcing: 'destination',
        tax_rate_details:
          taxability.percentage === null
            ? null
            : { display_name: 'VAT', percentage_decimal: taxability.percentage, tax_type: 'vat' },
        taxability_reason: taxability.reason,
        taxable_amount: taxed ? (behavior === 'inclusive' ? amount - tax : amount) : 0,
      },
    ],
  };
}

/** The calculation's tax_breakdown: its lines' taxes summed by reason, rate and whether they are inside the amount. */
function calculationBreakdown(lines: readonly StoredCalculationLine[], country: string): unknown[] {
  const groups = new Map<string, { amount: number; taxable: number; line: StoredCalculationLine }>();
  for (const line of lines) {
    const [entry] = line.tax_breakdown;
    if (!entry) continue;
    const key = `${entry.taxability_reason} ${entry.tax_rate_details?.percentage_decimal} ${line.tax_behavior}`;
    const group = groups.get(key) ?? { amount: 0, taxable: 0, line };
    group.amount += entry.amount;
    group.taxable += entry.taxable_amount;
    groups.set(key, group);
  }
  return [...groups.values()].map(({ amount, taxable, line }) => {
    const rate = line.tax_breakdown[0]?.tax_rate_details ?? null;
    return {
      amount,
      inclusive: line.tax_behavior === 'inclusive',
      tax_rate_details: {
        country,
        flat_amount: null,
        percentage_decimal: rate?.percentage_decimal ?? '0.0',
        rate_type: rate ? 'percentage' : null,
        state: null,
        tax_type: rate ? 'vat' : null,
      },
      taxability_reason: line.tax_breakdown[0]?.taxability_reason,
      taxable_amount: taxable,
    };
  });
}

function createCalculation(account: Account, params: FormObject): StoredCalculation {
  refuseUnknown(params, ['currency', 'line_items', 'customer_details', 'expand']);
  const currency = requiredString(params, 'currency');
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { param: 'currency' });
  const items = hashList(params, 'line_items');
  if (!items?.length)
    throw invalidRequest('Missing required param: line_items.', { code: 'parameter_missing', param: 'line_items' });
  const customer = customerDetailsParam(params);
  const country = customer.address.country ?? '';
  const taxability = taxabilityOf(account.tax, country, customer.tax_ids);
  const lines = items.map((item, index) => calculationLine(item, index, country, taxability));
  const repeated = lines.find(
    (line, index) => lines.findIndex((other) => other.reference === line.reference) !== index,
  );
  if (repeated)
    throw invalidRequest(`The line item reference '${repeated.reference}' is used twice: each line needs its own.`, {
      param: 'line_items',
    });
  const sumOf = (behavior: TaxBehavior) =>
    lines.filter((line) => line.tax_behavior === behavior).reduce((sum, line) => sum + line.amount_tax, 0);
  const created = now();
  const calculation: StoredCalculation = {
    id: stripeId('taxcalc'),
    object: 'tax.calculation',
    amount_total: lines.reduce((sum, line) => sum + line.amount, 0) + sumOf('exclusive'),
    currency,
    customer: null,
    customer_details: customer,
    expires_at: created + CALCULATION_LIFETIME_SECONDS,
    livemode: false,
    ship_from_details: null,
    shipping_cost: null,
    tax_amount_exclusive: sumOf('exclusive'),
    tax_amount_inclusive: sumOf('inclusive'),
    tax_breakdown: calculationBreakdown(lines, country),
    tax_date: created,
    lines,
  };
  account.taxCalculations.set(calculation.id, calculation);
  return calculation;
}

function calculationLineJson(line: StoredCalculationLine, withBreakdown: boolean): unknown {
  const { tax_breakdown, ...rest } = line;
  return structuredClone(withBreakdown ? { ...rest, tax_breakdown } : rest);
}

function calculationJson(calculation: StoredCalculation, expand: ReadonlySet<string>): unknown {
  const { lines, ...rest } = calculation;
  const withBreakdown = expand.has('line_items.data.tax_breakdown');
  if (!expand.has('line_items') && !withBreakdown) return structuredClone(rest);
  const url = `/v1/tax/calculations/${calculation.id}/line_items`;
  return {
    ...structuredClone(rest),
    line_items: embeddedList(lines, url, (line) => calculationLineJson(line, withBreakdown)),
  };
}

const CALCULATION_EXPANDABLE = ['line_items', 'line_items.data.tax_breakdown'];

function findCalculation(account: Account, id: string, param: string, status: number): StoredCalculation {
  const calculation = account.taxCalculations.get(id);
  if (!calculation) throw noSuch('tax calculation', id, param, status);
  return calculation;
}

function findTransaction(account: Account, id: string, param: string, status: number): StoredTaxTransaction {
  const transaction = account.taxTransactions.get(id);
  if (!transaction) throw noSuch('tax transaction', id, param, status);
  return transaction;
}

/** A transaction's reference is unique among all of the account's transactions, reversals included. */
function checkNewReference(account: Account, reference: string): void {
  const taken = [...account.taxTransactions.values()].some((transaction) => transaction.reference === reference);
  if (taken)
    throw invalidRequest(`A tax transaction with the reference '${reference}' already exists.`, { param: 'reference' });
}

function storeTransaction(
  account: Account,
  fields: Pick<
    StoredTaxTransaction,
    'currency' | 'customer_details' | 'reference' | 'reversal' | 'tax_date' | 'type' | 'lines' | 'mode'
  >,
  params: FormObject,
): StoredTaxTransaction {
  const created = now();
  const transaction: StoredTaxTransaction = {
    id: stripeId('tax'),
    object: 'tax.transaction',
    created,
    customer: null,
    livemode: false,
    metadata: metadataParam(params),
    posted_at: created,
    ship_from_details: null,
    shipping_cost: null,
    ...fields,
  };
  account.taxTransactions.set(transaction.id, transaction);
  return transaction;
}

function transactionLine(
  from: Pick<
    StoredTaxTransactionLine,
    'amount' | 'amount_tax' | 'quantity' | 'reference' | 'tax_behavior' | 'tax_code'
  >,
  reversalOf: string | null,
): StoredTaxTransactionLine {
  return {
    id: stripeId('tax_li'),
    object: 'tax.transaction_line_item',
    amount: from.amount,
    amount_tax: from.amount_tax,
    livemode: false,
    metadata: {},
    product: null,
    quantity: from.quantity,
    reference: from.reference,
    reversal: reversalOf ? { original_line_item: reversalOf } : null,
    tax_behavior: from.tax_behavior,
    tax_code: from.tax_code,
    type: reversalOf ? 'reversal' : 'transaction',
  };
}

function createTransactionFromCalculation(account: Account, params: FormObject): StoredTaxTransaction {
  refuseUnknown(params, ['calculation', 'reference', 'metadata', 'expand']);
  const calculation = findCalculation(account, requiredString(params, 'calculation'), 'calculation', 400);
  const reference = requiredString(params, 'reference');
  checkNewReference(account, reference);
  return storeTransaction(
    account,
    {
      currency: calculation.currency,
      customer_details: structuredClone(calculation.customer_details),
      reference,
      reversal: null,
      tax_date: calculation.tax_date,
      type: 'transaction',
      lines: calculation.lines.map((line) => transactionLine(line, null)),
      mode: null,
    },
    params,
  );
}

/** What the buyer paid for a line, tax included. */
function grossOf(line: Pick<StoredTaxTransactionLine, 'amount' | 'amount_tax' | 'tax_behavior'>): number {
  return line.tax_behavior === 'inclusive' ? line.amount : line.amount + line.amount_tax;
}

/** What is left to reverse of each line of a sale: its amount and tax less those of the reversals so far. */
function unreversed(account: Account, sale: StoredTaxTransaction) {
  const reversed = [...account.taxTransactions.values()]
    .filter((transaction) => transaction.reversal?.original_transaction === sale.id)
    .flatMap((reversal) => reversal.lines);
  return sale.lines.map((line) => {
    const against = reversed.filter((reversal) => reversal.reversal?.original_line_item === line.id);
    const amount = line.amount + against.reduce((sum, reversal) => sum + reversal.amount, 0);
    const tax = line.amount_tax + against.reduce((sum, reversal) => sum + reversal.amount_tax, 0);
    return { line, amount, tax, gross: grossOf({ amount, amount_tax: tax, tax_behavior: line.tax_behavior }) };
  });
}

/** `total` shared out in proportion to `weights`, in whole cents that add up to it (the largest remainders first). */
function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (sum === 0 ? 0 : (total * weight) / sum));
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** A partial reversal of a flat amount (negative, tax included), spread over the lines by what is left of each. */
function flatReversalLines(
  account: Account,
  sale: StoredTaxTransaction,
  flatAmount: number,
): StoredTaxTransactionLine[] {
  if (flatAmount >= 0)
    throw invalidRequest('flat_amount must be negative: it is the amount refunded.', { param: 'flat_amount' });
  const left = unreversed(account, sale);
  const leftInAll = left.reduce((sum, line) => sum + line.gross, 0);
  if (-flatAmount > leftInAll) {
    throw invalidRequest(
      `The flat_amount (${flatAmount}) is more than what is left to reverse on transaction '${sale.id}' (${-leftInAll}).`,
      { param: 'flat_amount' },
    );
  }
  const shares = shareOut(
    -flatAmount,
    left.map((line) => line.gross),
  );
  return left.flatMap(({ line, tax, gross }, index) => {
    const share = shares[index] ?? 0;
    if (share === 0) return [];
    const shareTax = gross === 0 ? 0 : Math.floor((2 * share * tax + gross) / (2 * gross));
    const amount = line.tax_behavior === 'inclusive' ? share : share - shareTax;
    return [transactionLine({ ...line, amount: -amount, amount_tax: -shareTax }, line.id)];
  });
}

/** A partial reversal of the line items' amounts given (negative), none beyond what is left of its line. */
function itemReversalLines(
  account: Account,
  sale: StoredTaxTransaction,
  items: FormObject[],
): StoredTaxTransactionLine[] {
  const left = unreversed(account, sale);
  return items.map((item, index) => {
    const prefix = `line_items[${index}]`;
    refuseUnknown(item, ['amount', 'amount_tax', 'original_line_item', 'reference', 'quantity', 'metadata'], prefix);
    const originalId = requiredString(item, 'original_line_item', prefix);
    const original = left.find(({ line }) => line.id === originalId);
    if (!original) throw noSuch('tax transaction line item', originalId, `${prefix}[original_line_item]`, 400);
    const amount = requiredInteger(item, 'amount', prefix);
    const amountTax = requiredInteger(item, 'amount_tax', prefix);
    if (amount > 0 || amountTax > 0 || -amount > original.amount || -amountTax > original.tax) {
      throw invalidRequest(
        `${prefix}: a reversal takes negative amounts, no more than what is left of line item '${originalId}' (${-original.amount}, tax ${-original.tax}).`,
        { param: `${prefix}[amount]` },
      );
    }
    const line = transactionLine(
      {
        ...original.line,
        amount,
        amount_tax: amountTax,
        quantity: integerParam(item, 'quantity', prefix) ?? original.line.quantity,
        reference: requiredString(item, 'reference', prefix),
      },
      originalId,
    );
    line.metadata = metadataParam(item);
    return line;
  });
}

/**
 * A reversal of a recorded sale: in full (every line's amount and tax, whatever partial reversals came before, as
 * Stripe does), or in part by a flat amount or by line item. After a full reversal the sale takes no other.
 */
function createReversal(account: Account, params: FormObject): StoredTaxTransaction {
  refuseUnknown(params, [
    'mode',
    'original_transaction',
    'reference',
    'flat_amount',
    'line_items',
    'metadata',
    'expand',
  ]);
  const mode = requiredString(params, 'mode');
  if (mode !== 'full' && mode !== 'partial')
    throw invalidRequest(`Invalid mode: must be one of full or partial`, { param: 'mode' });
  const sale = findTransaction(account, requiredString(params, 'original_transaction'), 'original_transaction', 400);
  if (sale.type !== 'transaction')
    throw invalidRequest(`Transaction '${sale.id}' is a reversal: only a sale can be reversed.`, {
      param: 'original_transaction',
    });
  const reversals = [...account.taxTransactions.values()].filter((t) => t.reversal?.original_transaction === sale.id);
  if (reversals.some((reversal) => reversal.mode === 'full'))
    throw invalidRequest(`You can't reverse transaction '${sale.id}' because it has been fully reversed.`, {
      param: 'original_transaction',
    });
  const reference = requiredString(params, 'reference');
  checkNewReference(account, reference);
  const flatAmount = integerParam(params, 'flat_amount');
  const items = hashList(params, 'line_items');
  let lines: StoredTaxTransactionLine[];
  if (mode === 'full') {
    if (flatAmount !== undefined || items !== undefined)
      throw invalidRequest('flat_amount and line_items are for mode=partial only.', { param: 'mode' });
    lines = sale.lines.map((line) =>
      transactionLine({ ...line, amount: -line.amount, amount_tax: -line.amount_tax }, line.id),
    );
  } else if ((flatAmount === undefined) === (items === undefined)) {
    throw invalidRequest('A partial reversal takes one of flat_amount or line_items.', {
      code: 'parameter_missing',
      param: 'flat_amount',
    });
  } else {
    lines =
      flatAmount !== undefined
        ? flatReversalLines(account, sale, flatAmount)
        : itemReversalLines(account, sale, items ?? []);
  }
  return storeTransaction(
    account,
    {
      currency: sale.currency,
      customer_details: structuredClone(sale.customer_details),
      reference,
      reversal: { original_transaction: sale.id },
      tax_date: sale.tax_date,
      type: 'reversal',
      lines,
      mode,
    },
    params,
  );
}

function transactionJson(transaction: StoredTaxTransaction, expand: ReadonlySet<string>): unknown {
  const { lines, mode: _mode, ...rest } = transaction;
  if (!expand.has('line_items')) return structuredClone(rest);
  const url = `/v1/tax/transactions/${transaction.id}/line_items`;
  return { ...structuredClone(rest), line_items: embeddedList(lines, url, (line) => structuredClone(line)) };
}

const TRANSACTION_EXPANDABLE = ['line_items'];

// ---------------------------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number;
  body: unknown;
}

interface Call {
  account: Account;
  params: FormObject;
  caller: Caller;
  /** The path's ids, decoded. */
  ids: string[];
}

interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  /** Stripe.js may call it with the publishable key. */
  publishable?: true;
  run: (call: Call) => unknown;
}

const id = '([^/]+)';

/** A POST that makes a Stripe Tax object, answered with it expanded as asked. */
function taxCreation<T>(
  path: RegExp,
  expandable: readonly string[],
  create: (account: Account, params: FormObject) => T,
  json: (object: T, expand: ReadonlySet<string>) => unknown,
): Route {
  return {
    method: 'POST',
    path,
    run: ({ account, params }) => {
      const expand = expandParam(params, expandable);
      return json(create(account, params), expand);
    },
  };
}

const ROUTES: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/payment_methods$/,
    publishable: true,
    run: ({ account, params, caller }) => structuredClone(createPaymentMethod(account, params, caller)),
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/payment_methods/${id}$`),
    run: ({ account, params, ids: [methodId = ''] }) => {
      refuseUnknown(params, ['expand']);
      expandParam(params, []);
      return structuredClone(resolvePaymentMethod(account, methodId, 'payment_method', 404));
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_intents$/,
    run: ({ account, params }) => {
      const intent = createIntent(account, params);
      return intentJson(account, intent, expandParam(params, INTENT_EXPANDABLE).size > 0);
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/payment_intents/${id}$`),
    publishable: true,
    run: ({ account, params, caller, ids: [intentId = ''] }) => {
      refuseUnknown(params, ['expand', 'client_secret']);
      const intent = findIntent(account, intentId, 'intent', 404);
      checkClientSecret(intent, params, caller);
      return intentJson(account, intent, expandParam(params, INTENT_EXPANDABLE).size > 0);
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/v1/payment_intents/${id}$`),
    run: ({ account, params, ids: [intentId = ''] }) => {
      const intent = findIntent(account, intentId, 'intent', 404);
      const expand = expandParam(params, INTENT_EXPANDABLE).size > 0;
      updateIntent(account, intent, params);
      return intentJson(account, intent, expand);
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/v1/payment_intents/${id}/confirm$`),
    publishable: true,
    run: ({ account, params, caller, ids: [intentId = ''] }) => {
      const intent = findIntent(account, intentId, 'intent', 404);
      checkClientSecret(intent, params, caller);
      const expand = expandParam(params, INTENT_EXPANDABLE).size > 0;
      confirmIntent(account, intent, params);
      return intentJson(account, intent, expand);
    },
  },
  { method: 'POST', path: /^\/v1\/refunds$/, run: ({ account, params }) => createRefund(account, params) },
  taxCreation(/^\/v1\/tax\/calculations$/, CALCULATION_EXPANDABLE, createCalculation, calculationJson),
  {
    method: 'GET',
    path: new RegExp(`^/v1/tax/calculations/${id}/line_items$`),
    run: ({ account, params, ids: [calculationId = ''] }) => {
      refuseUnknown(params, ['expand', 'limit', 'starting_after']);
      const withBreakdown = expandParam(params, ['data.tax_breakdown']).size > 0;
      const calculation = findCalculation(account, calculationId, 'calculation', 404);
      const url = `/v1/tax/calculations/${calculation.id}/line_items`;
      return listPage(calculation.lines, params, url, (line) => calculationLineJson(line, withBreakdown));
    },
  },
  taxCreation(
    /^\/v1\/tax\/transactions\/create_from_calculation$/,
    TRANSACTION_EXPANDABLE,
    createTransactionFromCalculation,
    transactionJson,
  ),
  taxCreation(/^\/v1\/tax\/transactions\/create_reversal$/, TRANSACTION_EXPANDABLE, createReversal, transactionJson),
  {
    method: 'GET',
    path: new RegExp(`^/v1/tax/transactions/${id}/line_items$`),
    run: ({ account, params, ids: [transactionId = ''] }) => {
      refuseUnknown(params, ['expand', 'limit', 'starting_after']);
      expandParam(params, []);
      const transaction = findTransaction(account, transactionId, 'transaction', 404);
      const url = `/v1/tax/transactions/${transaction.id}/line_items`;
      return listPage(transaction.lines, params, url, (line) => structuredClone(line));
    },
  },
];

function route(account: Account, method: string, path: string, params: FormObject, caller: Caller): Answer {
  for (const candidate of ROUTES) {
    const match = candidate.method === method ? candidate.path.exec(path) : null;
    if (!match) continue;
    if (caller === 'publishable' && !candidate.publishable) {
      throw invalidRequest(
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        { status: 401 },
      );
    }
    const ids = match.slice(1).map((part) => decodeURIComponent(part));
    return { status: 200, body: candidate.run({ account, params, caller, ids }) };
  }
  throw invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    {
      status: 404,
    },
  );
}

function answerOf(account: Account, method: string, path: string, params: FormObject, caller: Caller): Answer {
  try {
    return route(account, method, path, params, caller);
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body } };
    throw error;
  }
}

/** Stripe keeps the answer to an idempotent request once the endpoint has run (a success or a decline), not a refused request. */
function isKeptForReplay(answer: Answer): boolean {
  return answer.status === 200 || answer.status === 402;
}

interface KeptAnswer extends Answer {
  request: string;
}

function idempotentAnswer(
  kept: Map<string, KeptAnswer>,
  key: string,
  request: string,
  run: () => Answer,
): Answer & { replayed: boolean } {
  const previous = kept.get(key);
  if (previous && previous.request !== request) {
    const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
    return { status: 400, body: { error: { type: 'idempotency_error', message } }, replayed: false };
  }
  if (previous) return { status: previous.status, body: previous.body, replayed: true };
  const answer = run();
  if (isKeptForReplay(answer)) kept.set(key, { ...answer, request });
  return { ...answer, replayed: false };
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function callerOf(request: http.IncomingMessage): Caller | null {
  const match = /^Bearer (sk|pk)_(test|live)_\S+$/.exec(request.headers.authorization ?? '');
  if (!match) return null;
  return match[1] === 'sk' ? 'secret' : 'publishable';
}

function send(response: http.ServerResponse, answer: Answer, replayed = false): void {
  response.writeHead(answer.status, {
    'Content-Type': 'application/json',
    'Request-Id': stripeId('req'),
    ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}),
  });
  response.end(JSON.stringify(answer.body));
}

async function handle(
  account: Account,
  kept: Map<string, KeptAnswer>,
  request: http.IncomingMessage,
  response: http.ServerResponse,
): Promise<void> {
  const body = await readBody(request);
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', 'http://loopback');
  const caller = callerOf(request);
  if (!caller) {
    return send(response, {
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'You did not provide an API key.' } },
    });
  }
  const params = decodeForm(method === 'GET' ? url.search.slice(1) : body);
  const run = () => answerOf(account, method, url.pathname, params, caller);
  const key = request.headers['idempotency-key'];
  if (method !== 'POST' || typeof key !== 'string') return send(response, run());
  const answer = idempotentAnswer(kept, key, `${method} ${url.pathname} ${body}`, run);
  send(response, answer, answer.replayed);
}

// ---------------------------------------------------------------------------------------------------------------
// Events, as Stripe sends them to a webhook endpoint: expandable fields are ids, never objects.

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

function eventPayload(account: Account, type: string, intentId: string, disputeStatus = 'needs_response'): string {
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

function intentOrThrow(account: Account, id: string): StoredIntent {
  const intent = account.intents.get(id);
  if (!intent) throw new Error(`The Stripe protocol server has no intent ${id}.`);
  return intent;
}

/** What a test helper throws for Stripe's refusal: a plain Error that says it. */
function helperError(error: unknown): unknown {
  return error instanceof StripeApiError ? new Error(`Stripe protocol server: ${error.message}`) : error;
}

export interface StripeProtocolServerOptions {
  /**
   * Stripe Tax's registrations of the account: country → VAT rate as Stripe writes it ({ DE: '19.0' }). A country
   * without one is not taxed (not_collecting). By default a few EU countries and the UK (DEFAULT_TAX_REGISTRATIONS).
   */
  taxRegistrations?: Readonly<Record<string, string>>;
  /** The account's head office: a business buyer there gets no reverse charge. 'IE' by default. */
  headOffice?: string;
}

/** Starts the server on a free loopback port; point the SDK at it with its host, port and protocol options. */
export async function startStripeProtocolServer(options: StripeProtocolServerOptions = {}) {
  const account: Account = {
    intents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    paymentMethods: new Map(),
    declines: new Map(),
    taxCalculations: new Map(),
    taxTransactions: new Map(),
    tax: {
      registrations: new Map(Object.entries(options.taxRegistrations ?? DEFAULT_TAX_REGISTRATIONS)),
      headOffice: options.headOffice ?? 'IE',
    },
  };
  const kept = new Map<string, KeptAnswer>();
  const server = http.createServer((request, response) => {
    handle(account, kept, request, response).catch((error: unknown) => {
      send(response, { status: 500, body: { error: { type: 'api_error', message: String(error) } } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    protocol: 'http' as const,
    intents: account.intents,
    charges: account.charges,
    refunds: account.refunds,
    paymentMethods: account.paymentMethods,
    taxCalculations: account.taxCalculations,
    /** Every tax transaction recorded: sales (type 'transaction') and their reversals (type 'reversal'). */
    taxTransactions: account.taxTransactions,
    /** The reversals recorded against a sale's tax transaction, oldest first. */
    reversalsOf(transactionId: string): StoredTaxTransaction[] {
      return [...account.taxTransactions.values()].filter(
        (transaction) => transaction.reversal?.original_transaction === transactionId,
      );
    },
    /**
     * Makes a card payment method as the page does with Stripe Elements (createPaymentMethod), and gives its id: the
     * card's number (an international test card, 4000002760000016 for Germany…, is issued in its country) and the
     * billing address's country. A declining test card makes a method whose confirmation is declined.
     */
    createPaymentMethod(card: { number?: string; country?: string; postalCode?: string } = {}): string {
      const { number = '4242424242424242', country, postalCode } = card;
      const billing = { ...(country ? { country } : {}), ...(postalCode ? { postal_code: postalCode } : {}) };
      const params: FormObject = {
        type: 'card',
        card: { number, exp_month: '12', exp_year: String(new Date().getFullYear() + 3), cvc: '123' },
        billing_details: { address: billing },
      };
      try {
        return createPaymentMethod(account, params, 'publishable').id;
      } catch (error) {
        throw helperError(error);
      }
    },
    /**
     * Confirms the intent as the page does after the server updated it (stripe.confirmPayment): with the payment
     * method given, or with the one the update set. Gives the intent's status: 'succeeded', or, when the card was
     * declined, 'requires_payment_method'.
     */
    confirmIntent(intentId: string, paymentMethod?: string): StoredIntent['status'] {
      const intent = intentOrThrow(account, intentId);
      try {
        confirmIntent(account, intent, paymentMethod === undefined ? {} : { payment_method: paymentMethod });
      } catch (error) {
        // A decline leaves the intent waiting for another payment method; any other refusal is the test's mistake.
        if (!(error instanceof StripeApiError && error.status === 402)) throw helperError(error);
      }
      return intent.status;
    },
    /** Pays the intent as a customer's browser would by confirming with a card that goes through. */
    succeedIntent(id: string, card: TestCard = VISA): void {
      succeed(account, intentOrThrow(account, id), storePaymentMethod(account, card));
    },
    /** Declines the intent's payment for this reason, as a confirmation with a declining test card would. */
    failIntent(id: string, reason: DeclineReason, card: TestCard = VISA): void {
      fail(account, intentOrThrow(account, id), reason, storePaymentMethod(account, card));
    },
    /** Refunds the intent's payment (all that is left, or `amount` cents), as the dashboard or the API would. */
    refundIntent(id: string, amount?: number): void {
      createRefund(account, { payment_intent: id, ...(amount === undefined ? {} : { amount: String(amount) }) });
    },
    /** The JSON body of a Stripe Event of this type about the intent as it is now, with a fresh evt_ id. */
    eventFor(
      type: string,
      intentId: string,
      disputeStatus?: 'needs_response' | 'won' | 'lost' | 'warning_closed',
    ): string {
      intentOrThrow(account, intentId);
      return eventPayload(account, type, intentId, disputeStatus);
    },
    close(): Promise<void> {
      // The SDK keeps connections alive: close them, or close() would wait for them to time out.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export type StripeProtocolServer = Awaited<ReturnType<typeof startStripeProtocolServer>>;
