import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHECKOUT_RETURN_PATH } from '#shared/orders/checkout-return.ts';
import {
  paymentsConfigAnswerSchema,
  testAuthenticateSchema,
  testCardConfirmSchema,
  testConfirmAnswerSchema,
  type PaymentsBrowserConfig,
} from '#shared/orders/checkout-schema.ts';
import {
  testBankDecisionSchema,
  testMethodConfirmSchema,
  testOtherMethodAnswerSchema,
  testOtherMethodSchema,
  testPaymentMethodAnswerSchema,
  testPaymentMethodSchema,
} from '#shared/orders/test-payment-method-schema.ts';
import { InvalidInputError, NotFoundError } from '../../errors';
import { WebhookSignatureError } from '../../providers/payments/payment-provider';
import { TestPayments } from '../../providers/payments/test-payments';
import { demoCodeOffer } from '../discounts';
import type { OrderDeps } from '../orders';
import { chargesTax } from '../taxes';
import { handlePaymentEvent } from './payment-events';
import { TEST_BANK_PATH, TEST_BANK_STYLES, TEST_BANK_STYLES_PATH, testBankPage } from './test-bank-page';

const UNKNOWN_INTENT = 'No such payment: start the checkout again.';

export interface PaymentRouteDeps extends OrderDeps {
  /** What the checkout page needs to know of the payment provider. */
  browserConfig: PaymentsBrowserConfig;
}

export function paymentRoutes(deps: PaymentRouteDeps): FastifyPluginAsyncZod {
  const { payments } = deps;
  return async (app) => {
    app.get('/api/payments/config', { schema: { response: { 200: paymentsConfigAnswerSchema } } }, async () => ({
      ...deps.browserConfig,
      demoCode: await demoCodeOffer(deps.db, new Date(), deps.config.tax.currency),
      taxes: { charged: chargesTax(deps.config.tax), pricesIncludeTax: deps.config.tax.pricesIncludeTax },
    }));

    // Stripe's webhook: the raw bytes are what was signed, so this route reads its body unparsed.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      webhook.post('/api/webhooks/stripe', async (request, reply) => {
        let event;
        try {
          event = payments.parseWebhook(
            request.body as Buffer,
            request.headers['stripe-signature'] as string | undefined,
          );
        } catch (error) {
          if (error instanceof WebhookSignatureError)
            throw new InvalidInputError('Webhook signature verification failed.');
          throw error;
        }
        await handlePaymentEvent(deps, event);
        return reply.send({ received: true });
      });
    });

    const testProvider = () => {
      if (!(payments instanceof TestPayments)) throw new NotFoundError('Not found');
      return payments;
    };

    // The built-in test provider's card form posts here, as Stripe.js posts to Stripe. Card details are checked and
    // dropped by the provider; Fastify logs no bodies, and nothing here does either.
    app.post(
      '/api/payments/test/confirm',
      { schema: { body: testCardConfirmSchema, response: { 200: testConfirmAnswerSchema } } },
      async (request) => {
        const { card, billing, clientSecret } = request.body;
        const result = await testProvider().confirmCard(clientSecret, { ...card, postalCode: billing.postalCode });
        if (!result) throw new InvalidInputError(UNKNOWN_INTENT);
        return result;
      },
    );

    app.post(
      '/api/payments/test/payment-methods',
      { schema: { body: testPaymentMethodSchema, response: { 200: testPaymentMethodAnswerSchema } } },
      async (request) => {
        const { card, billing } = request.body;
        return testProvider().createPaymentMethod(
          { ...card, postalCode: billing.postalCode },
          billing.country.toUpperCase(),
        );
      },
    );

    // The test wallet and the test redirect method, offered with PAYMENT_METHODS=automatic only.
    app.post(
      '/api/payments/test/other-methods',
      { schema: { body: testOtherMethodSchema, response: { 200: testOtherMethodAnswerSchema } } },
      async (request) => {
        const provider = testProvider();
        if (provider.methods !== 'automatic') throw new NotFoundError('Not found');
        return provider.createOtherMethod(request.body.kind, request.body.country);
      },
    );

    app.get(TEST_BANK_PATH, async (request, reply) => {
      const { payment_intent: intentId } = request.query as { payment_intent?: string };
      const intent = intentId ? await testProvider().retrieveIntent(intentId) : null;
      if (!intent) throw new NotFoundError(UNKNOWN_INTENT);
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      return testBankPage({
        paymentIntentId: intent.id,
        amountCents: intent.amount,
        currency: intent.currency,
        store: deps.config.storeName,
      });
    });
    app.get(TEST_BANK_STYLES_PATH, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(TEST_BANK_STYLES),
    );

    // The test bank's form (a plain HTML form: its body is URL-encoded), answered with the way back to the store.
    await app.register(async (bank) => {
      bank.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      bank.post('/api/payments/test/bank', async (request, reply) => {
        const parsed = testBankDecisionSchema.safeParse(request.body);
        if (!parsed.success)
          throw new InvalidInputError('Choose Approve, Decline or Leave.', { decision: ['Choose one.'] });
        const { paymentIntentId, decision } = parsed.data;
        const result = await testProvider().bankDecision(paymentIntentId, decision);
        if (!result) throw new InvalidInputError(UNKNOWN_INTENT, { paymentIntentId: [UNKNOWN_INTENT] });
        const status = result.status === 'succeeded' ? 'succeeded' : 'failed';
        const back = `${CHECKOUT_RETURN_PATH}?payment_intent=${encodeURIComponent(paymentIntentId)}&redirect_status=${status}`;
        return reply.redirect(back, 303);
      });
    });

    app.post(
      '/api/payments/test/confirm-method',
      { schema: { body: testMethodConfirmSchema, response: { 200: testConfirmAnswerSchema } } },
      async (request) => {
        const result = await testProvider().confirmPaymentMethod(
          request.body.clientSecret,
          request.body.paymentMethodId,
        );
        if (!result) throw new InvalidInputError(UNKNOWN_INTENT);
        return result;
      },
    );

    app.post(
      '/api/payments/test/authenticate',
      { schema: { body: testAuthenticateSchema, response: { 200: testConfirmAnswerSchema } } },
      async (request) => {
        const result = await testProvider().authenticate(request.body.clientSecret, request.body.approve);
        if (!result) throw new InvalidInputError(UNKNOWN_INTENT);
        return result;
      },
    );
  };
}
