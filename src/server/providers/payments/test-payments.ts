import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type {
  ConfirmInput,
  CreateIntentInput,
  IntentStatus,
  PaymentEvent,
  PaymentMethodFacts,
  PaymentProvider,
  ProviderIntent,
  RefundResult,
} from './payment-provider';
import { AWAITING_PAYMENT, RefundRefusedError, WebhookSignatureError } from './payment-provider';
import {
  AUTHENTICATION_FAILED,
  BANK_DECLINED,
  BANK_LEFT,
  cardCountryOf,
  cardOutcome,
  type CardDetails,
  type CardError,
  type CardOutcome,
} from './test-cards';
import {
  columnsAfter,
  findTestIntent,
  insertTestIntent,
  moveTestIntent,
  recordTestRefund,
  toIntent,
} from './test-intent-row';
import { findTestPaymentMethod, insertTestPaymentMethod } from './test-payment-methods';

export interface TestConfirmResult {
  status: IntentStatus;
  paymentIntentId: string;
  error?: CardError;
}

type EventListener = (event: PaymentEvent) => Promise<void>;

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const CONFIRMABLE = [...AWAITING_PAYMENT];
/**
 * The built-in provider: offline, with Stripe's test-mode semantics. Intents live in the store's database (every
 * instance sees the same ones). Card details are checked and dropped: only brand and last four are kept. Its
 * notifications go to the listener the store registers, through the same handling as Stripe's webhooks.
 */
export class TestPayments implements PaymentProvider {
  readonly name = 'test' as const;
  private listener: EventListener | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    /** 'automatic' adds the test wallet and the test redirect method to the cards. */
    readonly methods: 'card' | 'automatic' = 'card',
  ) {}

  /** Where the provider's events go, as Stripe's go to the webhook. */
  onEvent(listener: EventListener): void {
    this.listener = listener;
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const existing = await findTestIntent(this.db, 'idempotency_key', input.idempotencyKey);
    if (existing) return toIntent(existing);
    return toIntent(await insertTestIntent(this.db, id('pi'), input));
  }

  async retrieveIntent(intentId: string): Promise<ProviderIntent | null> {
    const row = await findTestIntent(this.db, 'id', intentId);
    return row ? toIntent(row) : null;
  }

  /**
   * As Stripe: without an amount, whatever is left; never more than was paid; the same key twice refunds once;
   * then a charge.refunded event.
   */
  async refund(intentId: string, amount: number | undefined, idempotencyKey: string): Promise<RefundResult> {
    const row = await findTestIntent(this.db, 'id', intentId);
    if (!row || row.status !== 'succeeded')
      throw new RefundRefusedError(`This payment (${intentId}) has nothing to refund.`);
    const left = row.amount - row.amount_refunded;
    const refund = amount ?? left;
    if (row.last_refund_key === idempotencyKey) return { id: id('re'), amount: refund, status: 'succeeded' };
    if (left <= 0) throw new RefundRefusedError('This payment has already been refunded in full.');
    if (refund <= 0 || refund > left)
      throw new RefundRefusedError(
        `At most ${(left / 100).toFixed(2)} ${row.currency.toUpperCase()} is left to refund on this payment.`,
      );
    const recorded = await recordTestRefund(this.db, row, refund, idempotencyKey);
    if (recorded === 'same key') return { id: id('re'), amount: refund, status: 'succeeded' };
    if (recorded === 'raced')
      throw new RefundRefusedError(
        'Another refund of this payment happened at the same moment: look at the order again.',
      );
    this.tell(async () => {
      const after = await this.retrieveIntent(intentId);
      const amountRefunded = after?.amountRefunded ?? refund;
      return { id: id('evt'), type: 'charge.refunded', paymentIntentId: intentId, amountRefunded };
    });
    return { id: id('re'), amount: refund, status: 'succeeded' };
  }

  parseWebhook(): PaymentEvent {
    throw new WebhookSignatureError('The built-in test provider sends no webhooks');
  }

  /**
   * The card form's payment method, as Stripe.js's createPaymentMethod: the card is checked now (a form error is
   * answered as Stripe's), and only what confirming with it will do, its brand, last four and issuing country are
   * kept.
   */
  async createPaymentMethod(
    card: CardDetails,
    billingCountry: string | null,
  ): Promise<{ id: string; card: { brand: string; last4: string; country: string } } | { error: CardError }> {
    const outcome = cardOutcome(card);
    if (outcome.kind === 'refused' && !outcome.last4) return { error: outcome.error };
    const methodId = id('pm');
    const country = cardCountryOf(card.number);
    const brand = outcome.brand ?? 'unknown';
    const last4 = outcome.last4 ?? '';
    await insertTestPaymentMethod(this.db, { id: methodId, outcome, brand, last4, country }, billingCountry);
    return { id: methodId, card: { brand, last4, country } };
  }

  async readPaymentMethod(methodId: string): Promise<PaymentMethodFacts | null> {
    return (await findTestPaymentMethod(this.db, methodId))?.facts ?? null;
  }

  /** The test form's confirmation is the payment method it made: the one object stands for Stripe's two. */
  readConfirmation(confirmationId: string): Promise<PaymentMethodFacts | null> {
    return this.readPaymentMethod(confirmationId);
  }

  /**
   * The test wallet, as Apple Pay or Google Pay hand over a card the device holds: always the test Visa ••4242,
   * issued in the billing country, which succeeds. The test redirect method: a bank in the billing country whose
   * page (the store's own test bank) approves or declines.
   */
  async createOtherMethod(kind: 'test_wallet' | 'test_redirect', billingCountry: string): Promise<{ id: string }> {
    const methodId = id('pm');
    const wallet = kind === 'test_wallet';
    await insertTestPaymentMethod(
      this.db,
      {
        id: methodId,
        outcome: wallet ? { kind: 'succeeds', brand: 'visa', last4: '4242' } : { kind: 'redirect' },
        brand: wallet ? 'visa' : '',
        last4: wallet ? '4242' : '',
        country: billingCountry,
        type: kind,
        label: wallet ? 'Test Wallet (Visa ••4242)' : 'Test Bank',
      },
      billingCountry,
    );
    return { id: methodId };
  }

  /** The server's confirmation with the page's payment method, as Stripe's confirm with a ConfirmationToken. */
  async confirmIntent({ intentId, confirmationId }: ConfirmInput): Promise<ProviderIntent> {
    const method = await findTestPaymentMethod(this.db, confirmationId);
    const row = await findTestIntent(this.db, 'id', intentId);
    if (!row) throw new Error(`No such payment intent: ${intentId}`);
    if (!method) throw new Error(`No such payment method: ${confirmationId}`);
    await this.confirmWith(row.client_secret, method.outcome);
    const intent = await this.retrieveIntent(intentId);
    if (!intent) throw new Error(`No such payment intent: ${intentId}`);
    return intent;
  }

  /**
   * The test bank's answer: approved, the payment goes through; declined or left, it is refused and the intent waits
   * for another try. Null for an unknown intent.
   */
  async bankDecision(intentId: string, decision: 'approve' | 'decline' | 'leave'): Promise<TestConfirmResult | null> {
    const row = await findTestIntent(this.db, 'id', intentId);
    if (!row) return null;
    // As at Stripe, a buyer who leaves the bank's page gets the intent back waiting for a method: they pay again.
    return this.authenticate(
      row.client_secret,
      decision === 'approve',
      decision === 'leave' ? BANK_LEFT : BANK_DECLINED,
    );
  }

  async updateIntentAmount(intentId: string, amount: number): Promise<ProviderIntent> {
    await moveTestIntent(this.db, intentId, CONFIRMABLE, { amount });
    const intent = await this.retrieveIntent(intentId);
    if (!intent) throw new Error(`No such payment intent: ${intentId}`);
    return intent;
  }

  async cancelIntent(intentId: string): Promise<ProviderIntent | null> {
    await moveTestIntent(this.db, intentId, CONFIRMABLE, { status: 'canceled' });
    return this.retrieveIntent(intentId);
  }

  /** The card form's confirmation, as Stripe.js's confirmCardPayment. Null for an unknown client secret. */
  async confirmCard(clientSecret: string, card: CardDetails): Promise<TestConfirmResult | null> {
    return this.confirmWith(clientSecret, cardOutcome(card));
  }

  /** The same with a payment method made before; null for an unknown client secret or payment method. */
  async confirmPaymentMethod(clientSecret: string, methodId: string): Promise<TestConfirmResult | null> {
    const method = await findTestPaymentMethod(this.db, methodId);
    return method ? this.confirmWith(clientSecret, method.outcome) : null;
  }

  private async confirmWith(
    clientSecret: string,
    outcome: CardOutcome | { kind: 'redirect' },
  ): Promise<TestConfirmResult | null> {
    const row = await findTestIntent(this.db, 'client_secret', clientSecret);
    if (!row) return null;
    if (!CONFIRMABLE.includes(row.status as IntentStatus))
      return { status: row.status as IntentStatus, paymentIntentId: row.id };

    const cardColumns =
      'last4' in outcome && outcome.last4 ? { card_brand: outcome.brand ?? null, card_last4: outcome.last4 } : {};
    if (outcome.kind === 'redirect') {
      // The bank's page decides; until then the buyer is at the bank, as with Stripe's redirect methods.
      const next = {
        status: 'requires_action',
        pending_outcome: 'redirect',
        last_error_code: null,
        last_error_message: null,
      };
      if (!(await moveTestIntent(this.db, row.id, CONFIRMABLE, next))) return this.currentResult(row.id);
      return { status: 'requires_action', paymentIntentId: row.id };
    }
    if (outcome.kind === 'refused' && !outcome.last4) {
      // A form error (bad number, past expiry…): Stripe answers without touching the intent's state.
      return { status: 'requires_payment_method', paymentIntentId: row.id, error: outcome.error };
    }
    const next = columnsAfter(outcome);
    const changed = await moveTestIntent(this.db, row.id, CONFIRMABLE, { ...next, ...cardColumns });
    if (!changed) return this.currentResult(row.id);
    if (outcome.kind === 'succeeds') this.emit('payment_intent.succeeded', row.id);
    if (outcome.kind === 'refused') this.emit('payment_intent.payment_failed', row.id);
    return {
      status: next.status as IntentStatus,
      paymentIntentId: row.id,
      ...(outcome.kind === 'refused' ? { error: outcome.error } : {}),
    };
  }

  /** The test authentication step (as 3-D Secure): approved, the payment goes through; failed, it is refused. */
  async authenticate(
    clientSecret: string,
    approve: boolean,
    refusal: CardError = AUTHENTICATION_FAILED,
  ): Promise<TestConfirmResult | null> {
    const row = await findTestIntent(this.db, 'client_secret', clientSecret);
    if (!row) return null;
    if (row.status !== 'requires_action') return { status: row.status as IntentStatus, paymentIntentId: row.id };
    const next = approve
      ? { status: 'succeeded', pending_outcome: null }
      : {
          status: 'requires_payment_method',
          pending_outcome: null,
          last_error_code: refusal.code,
          last_error_message: refusal.message,
        };
    if (!(await moveTestIntent(this.db, row.id, ['requires_action'], next))) return this.currentResult(row.id);
    this.emit(approve ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', row.id);
    return {
      status: next.status as IntentStatus,
      paymentIntentId: row.id,
      ...(approve ? {} : { error: refusal }),
    };
  }

  private async currentResult(intentId: string): Promise<TestConfirmResult> {
    const intent = await this.retrieveIntent(intentId);
    return { status: intent?.status ?? 'requires_payment_method', paymentIntentId: intentId };
  }

  /** Delivered after the answer, as a webhook would arrive: the page's confirmation and this event race. */
  private emit(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', intentId: string): void {
    this.tell(async () => {
      const intent = await this.retrieveIntent(intentId);
      return intent ? { id: id('evt'), type, intent } : null;
    });
  }

  /** The event `make` builds, handed to the listener once the current answer is on its way. */
  private tell(make: () => Promise<PaymentEvent | null>): void {
    const listener = this.listener;
    if (!listener) return;
    setImmediate(() => {
      void (async () => {
        const event = await make();
        if (event) await listener(event);
      })();
    });
  }
}
