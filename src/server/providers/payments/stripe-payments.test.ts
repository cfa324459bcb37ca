import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeProtocolServer, type StripeProtocolServer } from '#test-support/stripe-protocol-server.ts';
import {
  RefundRefusedError,
  WebhookSignatureError,
  type CreateIntentInput,
  type ProviderIntent,
} from './payment-provider';
import { toProviderIntent } from './stripe-objects';
import { loadStripe, STRIPE_API_VERSION, StripePayments } from './stripe-payments';

const SECRET_KEY = 'sk_test_loopback';
const WEBHOOK_SECRET = 'whsec_loopback_secret';
const PUBLISHABLE_KEY = 'pk_test_loopback';

// The provider speaks through the real SDK to a loopback server that answers as Stripe's API does; `browser` is a
// second SDK client standing in for Stripe.js, which confirms the intent with a card in the customer's browser, and
// `page` one with the publishable key, which makes payment methods from the card field as Stripe.js does.
describe('StripePayments against a loopback Stripe API', () => {
  let server: StripeProtocolServer;
  let payments: StripePayments;
  let browser: Stripe;
  let page: Stripe;

  beforeAll(async () => {
    server = await startStripeProtocolServer();
    const apiHost = { host: server.host, port: server.port, protocol: server.protocol };
    payments = new StripePayments({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiHost });
    browser = new Stripe(SECRET_KEY, { apiVersion: STRIPE_API_VERSION, ...apiHost });
    page = new Stripe(PUBLISHABLE_KEY, { apiVersion: STRIPE_API_VERSION, ...apiHost });
  });
  afterAll(() => server.close());

  function order(overrides: Partial<CreateIntentInput> = {}): CreateIntentInput {
    return {
      amount: 2500,
      currency: 'usd',
      orderId: 7,
      orderNumber: 'WA-000007',
      customerEmail: 'buyer@example.com',
      idempotencyKey: `order-${randomUUID()}`,
      ...overrides,
    };
  }

  function signed(payload: string, secret = WEBHOOK_SECRET, timestamp?: number): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  }

  const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;

  describe('createIntent', () => {
    it('creates a card-only intent for the amount, with the order on it and no Stripe receipt', async () => {
      const intent = await payments.createIntent(order());

      expect(intent).toMatchObject({
        amount: 2500,
        currency: 'usd',
        status: 'requires_payment_method',
        metadata: { orderId: '7', orderNumber: 'WA-000007' },
        card: null,
        lastError: null,
      });
      expect(intent.id).toMatch(/^pi_/);
      expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
      const stored = server.intents.get(intent.id);
      expect(stored?.allowed_payment_method_types).toEqual(['card']);
      expect(stored?.receipt_email).toBeNull();
    });

    it('gives the same intent when asked twice with the same idempotency key', async () => {
      const input = order();
      const before = server.intents.size;

      const first = await payments.createIntent(input);
      const second = await payments.createIntent(input);

      expect(second.id).toBe(first.id);
      expect(second.clientSecret).toBe(first.clientSecret);
      expect(server.intents.size).toBe(before + 1);
    });

    it('is refused when the same key comes with another amount', async () => {
      const input = order();
      await payments.createIntent(input);

      await expect(payments.createIntent({ ...input, amount: 3000 })).rejects.toBeInstanceOf(
        // The SDK the store loaded (its CommonJS build, on first use): its errors are that build's classes.
        loadStripe().errors.StripeIdempotencyError,
      );
    });
  });

  describe('retrieveIntent', () => {
    it('tells the status and the card once the customer paid with pm_card_visa', async () => {
      const { id } = await payments.createIntent(order());
      await browser.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });

      const intent = await payments.retrieveIntent(id);

      expect(intent).toMatchObject({
        id,
        status: 'succeeded',
        card: { brand: 'visa', last4: '4242' },
        lastError: null,
      });
    });

    it('is null for an id Stripe does not know, and for one that is not an intent id at all', async () => {
      expect(await payments.retrieveIntent('pi_doesNotExist123')).toBeNull();
      expect(await payments.retrieveIntent('')).toBeNull();
      expect(await payments.retrieveIntent('../refunds')).toBeNull();
    });

    it('lets other errors through', async () => {
      const apiHost = { host: server.host, port: server.port, protocol: server.protocol };
      const wrongKey = new StripePayments({ secretKey: 'not-a-key', webhookSecret: WEBHOOK_SECRET, apiHost });

      await expect(wrongKey.retrieveIntent('pi_doesNotExist123')).rejects.toBeInstanceOf(
        // The SDK the store loaded (its CommonJS build, on first use): its errors are that build's classes.
        loadStripe().errors.StripeAuthenticationError,
      );
    });

    it('tells why a declined card failed', async () => {
      const { id } = await payments.createIntent(order());
      await expect(
        browser.paymentIntents.confirm(id, { payment_method: 'pm_card_visa_chargeDeclined' }),
      ).rejects.toMatchObject({
        type: 'StripeCardError',
        code: 'card_declined',
      });

      const intent = await payments.retrieveIntent(id);

      expect(intent).toMatchObject({
        status: 'requires_payment_method',
        card: { brand: 'visa', last4: '0002' },
        lastError: { code: 'card_declined', message: 'Your card was declined.' },
      });
    });

    it("names the issuer's reason when there is one (insufficient funds)", async () => {
      const { id } = await payments.createIntent(order());
      await expect(
        browser.paymentIntents.confirm(id, { payment_method: 'pm_card_visa_chargeDeclinedInsufficientFunds' }),
      ).rejects.toMatchObject({
        code: 'card_declined',
        decline_code: 'insufficient_funds',
      });

      const intent = await payments.retrieveIntent(id);

      expect(intent?.lastError).toEqual({ code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    });

    it('lets a customer pay after a decline', async () => {
      const { id } = await payments.createIntent(order());
      await browser.paymentIntents
        .confirm(id, { payment_method: 'pm_card_visa_chargeDeclined' })
        .catch(() => undefined);
      await browser.paymentIntents.confirm(id, { payment_method: 'pm_card_mastercard' });

      const intent = await payments.retrieveIntent(id);

      expect(intent).toMatchObject({
        status: 'succeeded',
        card: { brand: 'mastercard', last4: '4444' },
        lastError: null,
      });
    });
  });

  /** The card field's payment method, made by Stripe.js with the publishable key. */
  async function cardFromPage(number: string, billingCountry: string | null): Promise<string> {
    const method = await page.paymentMethods.create({
      type: 'card',
      card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
      ...(billingCountry ? { billing_details: { address: { country: billingCountry } } } : {}),
    });
    return method.id;
  }

  /** stripe.confirmPayment in the page: the publishable key, the intent's client secret, no payment method. */
  function confirmInPage(intent: ProviderIntent) {
    const params: Stripe.PaymentIntentConfirmParams & { client_secret: string } = {
      client_secret: intent.clientSecret,
    };
    return page.paymentIntents.confirm(intent.id, params);
  }

  describe('confirmation tokens and the server-side confirmation', () => {
    const automatic = () =>
      new StripePayments({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        apiHost: { host: server.host, port: server.port, protocol: server.protocol },
        methods: 'automatic',
      });

    it('reads a wallet card from a token and pays with it', async () => {
      const intent = await automatic().createIntent(order());
      const token = server.createConfirmationToken({ card: { wallet: 'google_pay' }, billingCountry: 'IE' });
      expect(await payments.readConfirmation(token)).toMatchObject({
        type: 'card',
        label: 'Google Pay (Visa ••4242)',
        cardCountry: 'US',
        billingCountry: 'IE',
      });
      const paid = await payments.confirmIntent({
        intentId: intent.id,
        confirmationId: token,
        returnUrl: 'https://s/r',
      });
      expect(paid).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' }, nextAction: null });
    });

    it('answers a redirect method with its bank page, and a decline with the intent waiting again', async () => {
      const intent = await automatic().createIntent(order());
      const token = server.createConfirmationToken({ type: 'ideal', bank: 'ing', billingCountry: 'NL' });
      expect(await payments.readConfirmation(token)).toMatchObject({ label: 'iDEAL (ING)', methodCountry: 'NL' });
      const atBank = await payments.confirmIntent({
        intentId: intent.id,
        confirmationId: token,
        returnUrl: 'https://s/r',
      });
      expect(atBank.status).toBe('requires_action');
      expect(atBank.nextAction?.redirectUrl).toMatch(/\/redirect\/pi_/);

      const declining = await automatic().createIntent(order());
      const card = server.createConfirmationToken({ card: { number: '4000000000000002' } });
      const declined = await payments.confirmIntent({
        intentId: declining.id,
        confirmationId: card,
        returnUrl: 'https://s/r',
      });
      expect(declined).toMatchObject({ status: 'requires_payment_method', lastError: { code: 'card_declined' } });
    });

    it('refuses a token of a method a cards-only intent does not allow, and knows no token it never made', async () => {
      const intent = await payments.createIntent(order());
      const token = server.createConfirmationToken({ type: 'ideal', bank: 'ing' });
      await expect(
        payments.confirmIntent({ intentId: intent.id, confirmationId: token, returnUrl: 'https://s/r' }),
      ).rejects.toThrow(/not allowed/);
      expect(await payments.readConfirmation('ctoken_unknown')).toBeNull();
      expect(await payments.readConfirmation('pm_card_visa')).toBeNull();
    });
  });

  describe('readPaymentMethod', () => {
    it("tells the card's issuing country and the billing country of a method the page made", async () => {
      const id = await cardFromPage('4000 0027 6000 0016', 'FR');

      expect(await payments.readPaymentMethod(id)).toEqual({
        id,
        cardCountry: 'DE',
        billingCountry: 'FR',
        card: { brand: 'visa', last4: '0016' },
        type: 'card',
        label: 'Visa ••0016',
        methodCountry: null,
      });
    });

    it('tells no billing country when the page sent none; an ordinary test card is American', async () => {
      const id = await cardFromPage('4242424242424242', null);

      expect(await payments.readPaymentMethod(id)).toMatchObject({ cardCountry: 'US', billingCountry: null });
    });

    it("reads Stripe's test payment methods of a country (pm_card_gb)", async () => {
      expect(await payments.readPaymentMethod('pm_card_gb')).toMatchObject({
        cardCountry: 'GB',
        card: { brand: 'visa', last4: '0000' },
      });
    });

    it('is null for an id Stripe does not know, and for one that is not a payment method id', async () => {
      expect(await payments.readPaymentMethod('pm_doesNotExist123')).toBeNull();
      expect(await payments.readPaymentMethod('../payment_intents')).toBeNull();
    });
  });

  describe('updateIntentAmount', () => {
    it('changes the amount, and the page then pays the new amount with that payment method', async () => {
      const created = await payments.createIntent(order({ amount: 2500 }));
      const method = await cardFromPage('4000002760000016', 'DE');

      const updated = await payments.updateIntentAmount(created.id, 2975, method);
      expect(updated).toMatchObject({ id: created.id, amount: 2975, status: 'requires_confirmation' });
      const confirmed = await confirmInPage(created);

      expect(confirmed).toMatchObject({ status: 'succeeded', amount: 2975, amount_received: 2975 });
      const charge = server.charges.get(server.intents.get(created.id)?.latest_charge ?? '');
      expect(charge).toMatchObject({ amount: 2975, payment_method: method });
      expect(charge?.payment_method_details.card).toMatchObject({ country: 'DE', last4: '0016' });
      expect((await payments.retrieveIntent(created.id))?.card).toEqual({ brand: 'visa', last4: '0016' });
    });

    it('leaves the intent to another card when the one it was updated with is declined', async () => {
      const created = await payments.createIntent(order());
      const method = await cardFromPage('4000000000000002', 'DE');
      await payments.updateIntentAmount(created.id, 3000, method);

      await expect(confirmInPage(created)).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined' });

      expect(await payments.retrieveIntent(created.id)).toMatchObject({
        status: 'requires_payment_method',
        amount: 3000,
        lastError: { code: 'card_declined' },
      });
    });

    it('is refused once the intent succeeded, and the amount paid stays', async () => {
      const created = await payments.createIntent(order({ amount: 2500 }));
      await browser.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
      const method = await cardFromPage('4000002500000003', 'FR');

      await expect(payments.updateIntentAmount(created.id, 3000, method)).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        code: 'payment_intent_unexpected_state',
      });
      expect(server.intents.get(created.id)).toMatchObject({ amount: 2500, amount_received: 2500 });
    });
  });

  describe('refund', () => {
    it('refunds the whole payment when no amount is given', async () => {
      const { id } = await payments.createIntent(order());
      server.succeedIntent(id);

      const key = `refund-all-${randomUUID()}`;
      const refund = await payments.refund(id, undefined, key);

      expect(refund).toMatchObject({ amount: 2500, status: 'succeeded' });
      expect(refund.id).toMatch(/^re_/);
      // Asked again with the same key (a double click): the same refund, not a second one.
      expect((await payments.refund(id, undefined, key)).id).toBe(refund.id);
    });

    it('refunds part of a payment, and no more than what was paid', async () => {
      const { id } = await payments.createIntent(order());
      server.succeedIntent(id);

      expect(await payments.refund(id, 1000, `part-${randomUUID()}`)).toMatchObject({
        amount: 1000,
        status: 'succeeded',
      });
      await expect(payments.refund(id, 2000, `too-much-${randomUUID()}`)).rejects.toBeInstanceOf(RefundRefusedError);
      expect(await payments.refund(id, undefined, `rest-${randomUUID()}`)).toMatchObject({ amount: 1500 });
    });

    it('is refused for an intent that was never paid', async () => {
      const { id } = await payments.createIntent(order());

      await expect(payments.refund(id, undefined, `never-paid-${randomUUID()}`)).rejects.toBeInstanceOf(
        RefundRefusedError,
      );
    });
  });

  describe('parseWebhook', () => {
    it('reads a signed payment_intent.succeeded event; the card is left to a retrieve', async () => {
      const { id } = await payments.createIntent(order());
      server.succeedIntent(id);
      const payload = server.eventFor('payment_intent.succeeded', id);

      const event = payments.parseWebhook(Buffer.from(payload), signed(payload));

      expect(event).toMatchObject({
        type: 'payment_intent.succeeded',
        intent: {
          id,
          status: 'succeeded',
          amount: 2500,
          metadata: { orderId: '7', orderNumber: 'WA-000007' },
          card: null,
        },
      });
      expect(event.id).toMatch(/^evt_/);
      expect(event.id).toBe((JSON.parse(payload) as { id: string }).id);
    });

    it('reads a payment_intent.payment_failed event with its reason', async () => {
      const { id } = await payments.createIntent(order());
      server.failIntent(id, 'insufficient_funds');
      const payload = server.eventFor('payment_intent.payment_failed', id);

      const event = payments.parseWebhook(Buffer.from(payload), signed(payload));

      expect(event).toMatchObject({
        type: 'payment_intent.payment_failed',
        intent: {
          id,
          status: 'requires_payment_method',
          lastError: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
        },
      });
    });

    it('reads refunds, and turns event types the store does not act on into ignored events', async () => {
      const { id } = await payments.createIntent(order());
      server.succeedIntent(id);
      await payments.refund(id, 300, `part-${randomUUID()}`);
      const refunded = server.eventFor('charge.refunded', id);
      expect(payments.parseWebhook(Buffer.from(refunded), signed(refunded))).toEqual({
        id: (JSON.parse(refunded) as { id: string }).id,
        type: 'charge.refunded',
        paymentIntentId: id,
        amountRefunded: 300,
      });

      const other = server.eventFor('charge.succeeded', id);
      expect(payments.parseWebhook(Buffer.from(other), signed(other))).toEqual({
        id: (JSON.parse(other) as { id: string }).id,
        type: 'ignored',
        providerType: 'charge.succeeded',
      });
    });

    it('refuses a missing signature, one made with another secret, and a body changed after signing', async () => {
      const { id } = await payments.createIntent(order());
      const payload = server.eventFor('payment_intent.succeeded', id);
      const tampered = payload.replace('"amount":2500', '"amount":1');

      expect(() => payments.parseWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
      expect(() => payments.parseWebhook(Buffer.from(payload), '')).toThrow(WebhookSignatureError);
      expect(() => payments.parseWebhook(Buffer.from(payload), signed(payload, 'whsec_someone_else'))).toThrow(
        WebhookSignatureError,
      );
      expect(tampered).not.toBe(payload);
      expect(() => payments.parseWebhook(Buffer.from(tampered), signed(payload))).toThrow(WebhookSignatureError);
    });

    // The store passes '' when STRIPE_WEBHOOK_SECRET is unset; the SDK refuses a blank secret, so a payload signed
    // with the empty string must not get through either.
    it('believes no event when no signing secret is configured, not even one signed with the empty secret', async () => {
      const apiHost = { host: server.host, port: server.port, protocol: server.protocol };
      const unconfigured = new StripePayments({ secretKey: SECRET_KEY, webhookSecret: '', apiHost });
      const { id } = await payments.createIntent(order());
      const payload = server.eventFor('payment_intent.succeeded', id);

      expect(() => unconfigured.parseWebhook(Buffer.from(payload), signed(payload, ''))).toThrow(WebhookSignatureError);
    });

    it('accepts a signature up to 300 seconds old and refuses an older one', async () => {
      const { id } = await payments.createIntent(order());
      const payload = server.eventFor('payment_intent.succeeded', id);

      expect(payments.parseWebhook(Buffer.from(payload), signed(payload, WEBHOOK_SECRET, secondsAgo(290))).type).toBe(
        'payment_intent.succeeded',
      );
      expect(() =>
        payments.parseWebhook(Buffer.from(payload), signed(payload, WEBHOOK_SECRET, secondsAgo(301))),
      ).toThrow(WebhookSignatureError);
    });
  });
});

describe('toProviderIntent', () => {
  const base = {
    id: 'pi_123',
    object: 'payment_intent',
    amount: 1200,
    currency: 'usd',
    client_secret: 'pi_123_secret_abc',
    metadata: { orderId: '3' },
    latest_charge: null,
    last_payment_error: null,
    status: 'requires_payment_method',
  };
  const asIntent = (fields: Record<string, unknown>) => ({ ...base, ...fields }) as unknown as Stripe.PaymentIntent;

  it('keeps brand and last four of an expanded charge, and nothing of an unexpanded one', () => {
    const charge = {
      id: 'ch_1',
      object: 'charge',
      payment_method_details: { type: 'card', card: { brand: 'amex', last4: '0005', exp_year: 2030 } },
    };

    expect(toProviderIntent(asIntent({ latest_charge: charge })).card).toEqual({ brand: 'amex', last4: '0005' });
    expect(toProviderIntent(asIntent({ latest_charge: 'ch_1' })).card).toBeNull();
  });

  it("reads 'requires_capture' and statuses it does not know as processing", () => {
    expect(toProviderIntent(asIntent({ status: 'requires_capture' })).status).toBe('processing');
    expect(toProviderIntent(asIntent({ status: 'some_future_status' })).status).toBe('processing');
    expect(toProviderIntent(asIntent({ status: 'canceled' })).status).toBe('canceled');
  });

  it("names a decline by the issuer's reason, except the generic one", () => {
    const error = (fields: Record<string, unknown>) =>
      asIntent({ last_payment_error: { type: 'card_error', message: 'Declined.', ...fields } });

    expect(toProviderIntent(error({ code: 'card_declined', decline_code: 'generic_decline' })).lastError?.code).toBe(
      'card_declined',
    );
    expect(toProviderIntent(error({ code: 'card_declined', decline_code: 'lost_card' })).lastError?.code).toBe(
      'lost_card',
    );
    expect(toProviderIntent(error({ code: 'processing_error' })).lastError?.code).toBe('processing_error');
  });
});
