import { randomBytes } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { Database, TestPaymentIntentsTable } from '../../db/schema';
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
  cardCountryOf,
  cardOutcome,
  type CardDetails,
  type CardError,
  type CardOutcome,
} from './test-cards';
import { toIntent } from './test-intent-row';
import { findTestPaymentMethod, insertTestPaymentMethod } from './test-payment-methods';

export interface TestConfirmResult {
  status: IntentStatus;
  paymentIntentId: string;
  error?: CardError;
}

type EventListener = (event: PaymentEvent) => Promise<void>;

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const CONFIRMABLE = [...AWAITING_PAYMENT];
const BANK_LEFT: CardError = {
  code: 'payment_intent_authentication_failure',
  message: 'You left your bank without paying. Nothing was charged: choose how to pay and try again.',
};
const BANK_DECLINED: CardError = {
  code: 'payment_method_provider_decline',
  message: 'Your bank declined the payment. Choose another way to pay, or try again.',
};

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
    const existing = await this.intentRow('idempotency_key', input.idempotencyKey);
    if (existing) return toIntent(existing);
    const intentId = id('pi');
    const now = new Date().toISOString();
    await this.db
      .insertInto('test_payment_intents')
      .values({
        id: intentId,
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        idempotency_key: input.idempotencyKey,
        amount: input.amount,
        currency: input.currency,
        status: 'requires_payment_method',
        metadata: JSON.stringify({ orderId: String(input.orderId), orderNumber: input.orderNumber }),
        created_at: now,
        updated_at: now,
      })
      // Two requests with one key at once: the second finds the first's intent below.
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('test_payment_intents')
      .selectAll()
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirstOrThrow();
    return toIntent(row);
  }

  async retrieveIntent(intentId: string): Promise<ProviderIntent | null> {
    const row = await this.intentRow('id', intentId);
    return row ? toIntent(row) : null;
  }

  /**
   * As Stripe: without an amount, whatever is left; never more than was paid; the same key twice refunds once;
   * then a charge.refunded event.
   */
  async refund(intentId: string, amount: number | undefined, idempotencyKey: string): Promise<RefundResult> {
    const row = await this.intentRow('id', intentId);
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
    // One statement: of two refunds racing, the one that finds the amount still there and the key still new wins.
    const result = await this.db
      .updateTable('test_payment_intents')
      .set((eb) => ({
        amount_refunded: eb('amount_refunded', '+', refund),
        last_refund_key: idempotencyKey,
        updated_at: new Date().toISOString(),
      }))
      .where('id', '=', intentId)
      .where('amount_refunded', '=', row.amount_refunded)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const now = await this.db
        .selectFrom('test_payment_intents')
        .select('last_refund_key')
        .where('id', '=', intentId)
        .executeTakeFirst();
      if (now?.last_refund_key === idempotencyKey) return { id: id('re'), amount: refund, status: 'succeeded' };
      throw new RefundRefusedError(
        'Another refund of this payment happened at the same moment: look at the order again.',
      );
    }
    const after = await this.retrieveIntent(intentId);
    const listener = this.listener;
    if (listener && after) {
      setImmediate(
        () =>
          void listener({
            id: id('evt'),
            type: 'charge.refunded',
            paymentIntentId: intentId,
            amountRefunded: after.amountRefunded ?? refund,
          }),
      );
    }
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
    const row = await this.intentRow('id', intentId);
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
    const row = await this.intentRow('id', intentId);
    if (!row) return null;
    // As at Stripe, a buyer who leaves the bank's page gets the intent back waiting for a method: they pay again.
    return this.authenticate(
      row.client_secret,
      decision === 'approve',
      decision === 'leave' ? BANK_LEFT : BANK_DECLINED,
    );
  }

  async updateIntentAmount(intentId: string, amount: number): Promise<ProviderIntent> {
    await this.db
      .updateTable('test_payment_intents')
      .set({ amount, updated_at: new Date().toISOString() })
      .where('id', '=', intentId)
      .where('status', 'in', CONFIRMABLE)
      .execute();
    const intent = await this.retrieveIntent(intentId);
    if (!intent) throw new Error(`No such payment intent: ${intentId}`);
    return intent;
  }

  async cancelIntent(intentId: string): Promise<ProviderIntent | null> {
    await this.transition(intentId, CONFIRMABLE, { status: 'canceled' });
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
    const row = await this.intentRow('client_secret', clientSecret);
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
      if (!(await this.transition(row.id, CONFIRMABLE, next))) return this.currentResult(row.id);
      return { status: 'requires_action', paymentIntentId: row.id };
    }
    if (outcome.kind === 'refused' && !outcome.last4) {
      // A form error (bad number, past expiry…): Stripe answers without touching the intent's state.
      return { status: 'requires_payment_method', paymentIntentId: row.id, error: outcome.error };
    }
    const next =
      outcome.kind === 'succeeds'
        ? { status: 'succeeded', last_error_code: null, last_error_message: null }
        : outcome.kind === 'authentication'
          ? { status: 'requires_action', pending_outcome: 'succeeded', last_error_code: null, last_error_message: null }
          : {
              status: 'requires_payment_method',
              last_error_code: outcome.error.code,
              last_error_message: outcome.error.message,
            };
    const changed = await this.transition(row.id, CONFIRMABLE, { ...next, ...cardColumns });
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
    const row = await this.intentRow('client_secret', clientSecret);
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
    if (!(await this.transition(row.id, ['requires_action'], next))) return this.currentResult(row.id);
    this.emit(approve ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', row.id);
    return {
      status: next.status as IntentStatus,
      paymentIntentId: row.id,
      ...(approve ? {} : { error: refusal }),
    };
  }

  /** One intent's row, found by whichever of its unique keys the caller holds. */
  private intentRow(key: 'id' | 'client_secret' | 'idempotency_key', value: string) {
    return this.db.selectFrom('test_payment_intents').selectAll().where(key, '=', value).executeTakeFirst();
  }

  /** Moves the intent on only from the states named: of two confirmations racing, one wins. */
  private async transition(
    intentId: string,
    from: IntentStatus[],
    changes: Updateable<TestPaymentIntentsTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('test_payment_intents')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('id', '=', intentId)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async currentResult(intentId: string): Promise<TestConfirmResult> {
    const intent = await this.retrieveIntent(intentId);
    return { status: intent?.status ?? 'requires_payment_method', paymentIntentId: intentId };
  }

  /** Delivered after the answer, as a webhook would arrive: the page's confirmation and this event race. */
  private emit(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', intentId: string): void {
    const listener = this.listener;
    if (!listener) return;
    setImmediate(() => {
      void (async () => {
        const intent = await this.retrieveIntent(intentId);
        if (intent) await listener({ id: id('evt'), type, intent });
      })();
    });
  }
}
