import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  paymentsConfigAnswerSchema,
  testAuthenticateSchema,
  testCardConfirmSchema,
  testConfirmAnswerSchema,
  type PaymentsBrowserConfig,
} from '#shared/orders/checkout-schema.ts';
import {
  testMethodConfirmSchema,
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
