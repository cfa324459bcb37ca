// The HTTP server: a request read, authorised by its key and answered (idempotently for a POST with a key), and
// startStripeProtocolServer, which starts it and gives tests helpers that act as a page, the dashboard or Stripe would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Account, type Caller, stripeId } from './account';
import { type DeclineReason, type TestCard, VISA } from './cards';
import { StripeApiError } from './errors';
import { eventPayload } from './events';
import { decodeForm, type FormObject } from './form-params';
import { idempotentAnswer, type KeptAnswer } from './idempotency';
import { createConfirmationToken, endPending, type TokenSpec } from './confirmation-tokens';
import { confirmIntent, fail, succeed } from './intents';
import { createPaymentMethod, storePaymentMethod } from './payment-methods';
import { createRefund } from './refunds';
import { type Answer, answerOf } from './router';
import { DEFAULT_TAX_REGISTRATIONS } from './tax-calculations';
import type { StoredTaxTransaction } from './tax-types';
import type { StoredIntent } from './types';

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
    confirmationTokens: new Map(),
    pendingMethods: new Map(),
    baseUrl: '',
  };
  const kept = new Map<string, KeptAnswer>();
  const server = http.createServer((request, response) => {
    handle(account, kept, request, response).catch((error: unknown) => {
      send(response, { status: 500, body: { error: { type: 'api_error', message: String(error) } } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  account.baseUrl = `http://127.0.0.1:${port}`;
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
    /**
     * A ConfirmationToken, as the page makes it with the Payment Element (stripe.createConfirmationToken): a card
     * (4242… unless told, from Apple Pay or Google Pay when `card.wallet` says so), Link, a redirect method (ideal,
     * bancontact, eps, klarna) or sepa_debit, with the billing address's country.
     */
    createConfirmationToken(spec: TokenSpec = {}): string {
      try {
        return createConfirmationToken(account, spec).id;
      } catch (error) {
        throw helperError(error);
      }
    },
    /** The buyer at a redirect method's bank: approves (paid, or `processing` when the bank settles later) or declines. */
    finishRedirect(intentId: string, outcome: 'succeeded' | 'failed' | 'processing'): void {
      const intent = intentOrThrow(account, intentId);
      if (intent.status !== 'requires_action')
        throw new Error(`The intent ${intentId} is not at a bank (${intent.status}).`);
      intent.next_action = null;
      if (outcome === 'processing') intent.status = 'processing';
      else endPending(account, intent, outcome);
    },
    /** A payment that was processing settles: paid, or failed (the intent waits for another method). */
    settleIntent(intentId: string, outcome: 'succeeded' | 'failed'): void {
      const intent = intentOrThrow(account, intentId);
      if (intent.status !== 'processing')
        throw new Error(`The intent ${intentId} is not processing (${intent.status}).`);
      endPending(account, intent, outcome);
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
