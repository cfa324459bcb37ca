// A loopback server speaking the part of Stripe's HTTP API the store uses, so tests run the real `stripe` SDK
// (its encoding, headers, retries, error classes) against it instead of a mock of the SDK.
//   POST /v1/payment_intents              create (form-encoded, metadata[k], allowed_payment_method_types[0]…)
//   GET  /v1/payment_intents/:id          retrieve (expand[]=latest_charge embeds the charge)
//   POST /v1/payment_intents/:id/confirm  confirm with one of Stripe's test PaymentMethods (pm_card_visa…)
//   POST /v1/refunds                      refund a payment_intent, in full or in part
// POSTs honour Idempotency-Key as Stripe does: the same key and body replays the first answer, the same key with
// another body is an idempotency_error. Errors have Stripe's shape and status.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface TestCard {
  brand: string;
  last4: string;
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
  payment_method?: { id: string; object: 'payment_method'; type: 'card'; card: TestCard };
}

export interface StoredIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded';
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

/** Stripe's test PaymentMethods (docs.stripe.com/testing): the card they stand for and, for some, its decline. */
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
// Reading parameters as Stripe checks them

function refuseUnknown(params: FormObject, allowed: readonly string[]): void {
  const unknown = Object.keys(params).find((name) => !allowed.includes(name));
  if (unknown !== undefined)
    throw invalidRequest(`Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown });
}

function stringParam(params: FormObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw invalidRequest(`Invalid string: ${name}`, { code: 'parameter_invalid_string', param: name });
  return value;
}

function requiredString(params: FormObject, name: string): string {
  const value = stringParam(params, name);
  if (value === undefined || value === '')
    throw invalidRequest(`Missing required param: ${name}.`, { code: 'parameter_missing', param: name });
  return value;
}

function integerParam(params: FormObject, name: string): number | undefined {
  const value = stringParam(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value))
    throw invalidRequest(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: name });
  return Number(value);
}

function stringList(params: FormObject, name: string): string[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    throw invalidRequest('Invalid array', { param: name });
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

/** expand[]: the only expandable field the store asks for is an intent's latest_charge. */
function expandParam(params: FormObject): boolean {
  const fields = stringList(params, 'expand') ?? [];
  const unsupported = fields.find((field) => field !== 'latest_charge');
  if (unsupported !== undefined)
    throw invalidRequest(`This property cannot be expanded (${unsupported}).`, { param: 'expand' });
  return fields.length > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// The account's objects

function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

interface Account {
  intents: Map<string, StoredIntent>;
  charges: Map<string, StoredCharge>;
  refunds: Map<string, StoredRefund>;
}

function intentJson(account: Account, intent: StoredIntent, expandCharge: boolean): unknown {
  const charge = expandCharge && intent.latest_charge ? account.charges.get(intent.latest_charge) : undefined;
  return structuredClone({ ...intent, latest_charge: charge ?? intent.latest_charge });
}

function findIntent(account: Account, id: string, param: string, status: number): StoredIntent {
  const intent = account.intents.get(id);
  if (!intent) throw noSuch('payment_intent', id, param, status);
  return intent;
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
  if (currency === 'usd' && amount < MINIMUM_USD_AMOUNT) {
    throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
  }
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

function chargeCard(
  account: Account,
  intent: StoredIntent,
  card: TestCard,
  decline: DeclineReason | undefined,
): StoredCharge {
  const failure = decline ? DECLINES[decline] : undefined;
  const paymentMethod = stripeId('pm');
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
    payment_method: paymentMethod,
    payment_method_details: {
      type: 'card',
      card: { ...card, exp_month: 12, exp_year: new Date().getFullYear() + 3, funding: 'credit', country: 'US' },
    },
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    created: now(),
    livemode: false,
    metadata: {},
  };
  account.charges.set(charge.id, charge);
  intent.payment_method = paymentMethod;
  intent.latest_charge = charge.id;
  return charge;
}

function succeed(account: Account, intent: StoredIntent, card: TestCard): void {
  chargeCard(account, intent, card, undefined);
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.last_payment_error = null;
}

/** As at Stripe, a declined intent goes back to waiting for a payment method, and says why in last_payment_error. */
function fail(account: Account, intent: StoredIntent, reason: DeclineReason, card: TestCard): PaymentError {
  const charge = chargeCard(account, intent, card, reason);
  const error: PaymentError = {
    type: 'card_error',
    ...DECLINES[reason],
    charge: charge.id,
    doc_url: `https://docs.stripe.com/error-codes/${DECLINES[reason].code.replaceAll('_', '-')}`,
    payment_method: { id: charge.payment_method, object: 'payment_method', type: 'card', card },
  };
  intent.status = 'requires_payment_method';
  intent.last_payment_error = error;
  return error;
}

function confirmIntent(account: Account, intent: StoredIntent, params: FormObject): void {
  refuseUnknown(params, ['payment_method', 'return_url', 'expand']);
  if (intent.status === 'succeeded') {
    throw invalidRequest(
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      {
        code: 'payment_intent_unexpected_state',
      },
    );
  }
  const paymentMethod = requiredString(params, 'payment_method');
  const test = TEST_PAYMENT_METHODS[paymentMethod];
  if (!test) throw noSuch('PaymentMethod', paymentMethod, 'payment_method', 400);
  if (test.decline) {
    const error = fail(account, intent, test.decline, test);
    // Stripe answers a decline with 402 and the intent inside the error.
    throw new StripeApiError(402, { ...error, payment_intent: intentJson(account, intent, false) });
  }
  succeed(account, intent, test);
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
// HTTP

interface Answer {
  status: number;
  body: unknown;
}

function route(account: Account, method: string, path: string, params: FormObject): Answer {
  const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
  if (method === 'POST' && path === '/v1/payment_intents') {
    const intent = createIntent(account, params);
    return { status: 200, body: intentJson(account, intent, expandParam(params)) };
  }
  if (method === 'GET' && intentPath?.[1] && !intentPath[2]) {
    refuseUnknown(params, ['expand', 'client_secret']);
    const intent = findIntent(account, decodeURIComponent(intentPath[1]), 'intent', 404);
    return { status: 200, body: intentJson(account, intent, expandParam(params)) };
  }
  if (method === 'POST' && intentPath?.[1] && intentPath[2]) {
    const intent = findIntent(account, decodeURIComponent(intentPath[1]), 'intent', 404);
    const expand = expandParam(params);
    confirmIntent(account, intent, params);
    return { status: 200, body: intentJson(account, intent, expand) };
  }
  if (method === 'POST' && path === '/v1/refunds') return { status: 200, body: createRefund(account, params) };
  throw invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    {
      status: 404,
    },
  );
}

function answerOf(account: Account, method: string, path: string, params: FormObject): Answer {
  try {
    return route(account, method, path, params);
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

function hasSecretKey(request: http.IncomingMessage): boolean {
  return /^Bearer sk_(test|live)_\S+$/.test(request.headers.authorization ?? '');
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
  if (!hasSecretKey(request)) {
    return send(response, {
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'You did not provide an API key.' } },
    });
  }
  const params = decodeForm(method === 'GET' ? url.search.slice(1) : body);
  const run = () => answerOf(account, method, url.pathname, params);
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

/** Starts the server on a free loopback port; point the SDK at it with its host, port and protocol options. */
export async function startStripeProtocolServer() {
  const account: Account = { intents: new Map(), charges: new Map(), refunds: new Map() };
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
    /** Pays the intent as a customer's browser would by confirming with a card that goes through. */
    succeedIntent(id: string, card: TestCard = VISA): void {
      succeed(account, intentOrThrow(account, id), card);
    },
    /** Declines the intent's payment for this reason, as a confirmation with a declining test card would. */
    failIntent(id: string, reason: DeclineReason, card: TestCard = VISA): void {
      fail(account, intentOrThrow(account, id), reason, card);
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
