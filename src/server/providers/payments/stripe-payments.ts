import type Stripe from 'stripe';
import { lazyPackage } from '../../lazy-package';
import {
  AWAITING_PAYMENT,
  ConfirmRefusedError,
  RefundRefusedError,
  WebhookSignatureError,
  type ConfirmInput,
  type CreateIntentInput,
  type PaymentEvent,
  type PaymentMethodFacts,
  type PaymentProvider,
  type ProviderIntent,
  type RefundResult,
} from './payment-provider';
import { factsOf, idOf, toProviderIntent } from './stripe-objects';

/**
 * The Stripe API version the store speaks, pinned so that a change of the account's default version changes
 * nothing here. The SDK's types describe exactly one version (its latest), and `satisfies` makes an SDK upgrade
 * that moves it fail the type check, so the pin is re-chosen on purpose. The spec's 'basil' names a version
 * family this SDK no longer types. The webhook endpoint should be created with this version too: the payload of
 * an event follows the endpoint's version, not the request's.
 */
/** Stripe's SDK, loaded when the store is set up with Stripe, not at every start (lazy-package.ts says why). */
export const loadStripe = lazyPackage<typeof Stripe>('stripe');

export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/** Stripe signs a webhook with its send time; an older signature is refused, so a captured request cannot be replayed later. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's ids are prefix_ plus letters and digits; anything else is an id Stripe cannot know. */
const INTENT_ID = /^pi_[A-Za-z0-9]+$/;
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]+$/;
const CONFIRMATION_TOKEN_ID = /^ctoken_[A-Za-z0-9_]+$/;

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is (the SDK's host, port and protocol): only tests point it elsewhere, at a loopback server. */
  apiHost?: { host: string; port: number; protocol: 'http' | 'https' };
  /** 'card': cards only; 'automatic': whatever the seller turned on in Stripe's Dashboard. */
  methods?: 'card' | 'automatic';
}

export class StripePayments implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly options: StripePaymentsOptions) {
    this.stripe = new (loadStripe())(options.secretKey, { apiVersion: STRIPE_API_VERSION, ...options.apiHost });
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    // Cards only unless the owner asked for every method turned on at Stripe (wallets, Link, iDEAL…): the Payment
    // Element shows what the intent allows. This API version names the list allowed_payment_method_types
    // (payment_method_types is gone from its create parameters). No receipt_email: the store sends its own
    // receipt, and Stripe would send a second one.
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        ...(this.options.methods === 'automatic'
          ? { automatic_payment_methods: { enabled: true } }
          : { allowed_payment_method_types: ['card'] }),
        metadata: { orderId: String(input.orderId), orderNumber: input.orderNumber },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toProviderIntent(intent);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    // The SDK puts the id in the path as it is: an empty one would ask for the list of intents instead.
    if (!INTENT_ID.test(id)) return null;
    try {
      const intent = await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
      return toProviderIntent(intent);
    } catch (error) {
      if (isMissingResource(error)) return null;
      throw error;
    }
  }

  async refund(intentId: string, amount: number | undefined, idempotencyKey: string): Promise<RefundResult> {
    // Without an amount Stripe refunds whatever is left of the payment.
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        { payment_intent: intentId, ...(amount === undefined ? {} : { amount }) },
        { idempotencyKey },
      );
    } catch (error) {
      if (error instanceof loadStripe().errors.StripeInvalidRequestError) throw new RefundRefusedError(error.message);
      throw error;
    }
    return { id: refund.id, amount: refund.amount, status: refund.status ?? 'pending' };
  }

  /** The card's issuing country and the billing address's country, as Elements made the payment method. */
  async readPaymentMethod(id: string): Promise<PaymentMethodFacts | null> {
    if (!PAYMENT_METHOD_ID.test(id)) return null;
    try {
      const method = await this.stripe.paymentMethods.retrieve(id);
      return factsOf(method.id, method);
    } catch (error) {
      if (isMissingResource(error)) return null;
      throw error;
    }
  }

  /** What the Payment Element collected, as its ConfirmationToken's preview tells: the VAT evidence and the label. */
  async readConfirmation(id: string): Promise<PaymentMethodFacts | null> {
    if (!CONFIRMATION_TOKEN_ID.test(id)) return null;
    try {
      const token = await this.stripe.confirmationTokens.retrieve(id);
      const preview = token.payment_method_preview;
      return preview ? factsOf(token.id, preview) : null;
    } catch (error) {
      if (isMissingResource(error)) return null;
      throw error;
    }
  }

  async confirmIntent({ intentId, confirmationId, returnUrl }: ConfirmInput): Promise<ProviderIntent> {
    try {
      const intent = await this.stripe.paymentIntents.confirm(intentId, {
        confirmation_token: confirmationId,
        return_url: returnUrl,
        expand: ['latest_charge'],
      });
      return toProviderIntent(intent);
    } catch (error) {
      // A decline is an error with the intent inside: the intent, waiting for another method, says why.
      if (error instanceof loadStripe().errors.StripeCardError) {
        const intent = await this.retrieveIntent(intentId);
        if (intent) return intent;
      }
      if (error instanceof loadStripe().errors.StripeInvalidRequestError) throw new ConfirmRefusedError(error.message);
      throw error;
    }
  }

  async updateIntentAmount(intentId: string, amount: number, paymentMethodId?: string): Promise<ProviderIntent> {
    const intent = await this.stripe.paymentIntents.update(intentId, {
      amount,
      ...(paymentMethodId ? { payment_method: paymentMethodId } : {}),
    });
    return toProviderIntent(intent);
  }

  async cancelIntent(intentId: string): Promise<ProviderIntent | null> {
    const intent = await this.retrieveIntent(intentId);
    if (!intent || !AWAITING_PAYMENT.includes(intent.status)) return intent;
    try {
      return toProviderIntent(await this.stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' }));
    } catch (error) {
      // It moved on between the two calls (the buyer confirmed it): it is left as it is now.
      if (error instanceof loadStripe().errors.StripeInvalidRequestError) return this.retrieveIntent(intentId);
      throw error;
    }
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    const event = this.verifiedEvent(rawBody, signatureHeader);
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
      case 'payment_intent.processing':
        return { id: event.id, type: event.type, intent: toProviderIntent(event.data.object) };
      case 'charge.refunded': {
        const paymentIntentId = idOf(event.data.object.payment_intent);
        if (!paymentIntentId) break;
        return {
          id: event.id,
          type: 'charge.refunded',
          paymentIntentId,
          amountRefunded: event.data.object.amount_refunded,
        };
      }
      case 'charge.dispute.created':
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        const paymentIntentId = idOf(dispute.payment_intent);
        if (!paymentIntentId) break;
        return event.type === 'charge.dispute.created'
          ? { id: event.id, type: event.type, paymentIntentId }
          : { id: event.id, type: event.type, paymentIntentId, won: dispute.status !== 'lost' };
      }
      default:
        break;
    }
    return { id: event.id, type: 'ignored', providerType: event.type };
  }

  private verifiedEvent(rawBody: Buffer, signatureHeader: string | undefined): Stripe.Event {
    if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
    try {
      return this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.options.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      if (error instanceof loadStripe().errors.StripeSignatureVerificationError)
        throw new WebhookSignatureError(error.message);
      throw error;
    }
  }
}

function isMissingResource(error: unknown): boolean {
  return (
    error instanceof loadStripe().errors.StripeInvalidRequestError &&
    error.statusCode === 404 &&
    error.code === 'resource_missing'
  );
}
