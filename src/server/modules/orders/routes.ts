import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmOrderSchema,
  createPaymentIntentSchema,
  orderEmailParamsSchema,
  orderListSchema,
  orderSummarySchema,
  paymentIntentAnswerSchema,
  paymentMethodEvidenceAnswerSchema,
  paymentMethodEvidenceSchema,
} from '#shared/orders/checkout-schema.ts';
import { confirmPaymentAnswerSchema, confirmPaymentSchema } from '#shared/orders/confirm-payment-schema.ts';
import { taxByPaymentMethod } from './card-country-tax';
import { confirmPayment } from './confirm-payment';
import { requireUser } from '../auth';
import { orderNumberParamsSchema } from '#shared/orders/owner-orders-schema.ts';
import { messageResponseSchema } from '#shared/accounts/auth-schema.ts';
import { limitAttempts, signedInAccount } from '../../http/rate-limits';
import { completeFreeOrder } from './free-order';
import type { OrderDeps } from './order-deps';
import { confirmOrder, createPaymentIntent, listOrdersByEmail, resendReceipt } from './service';

export function orderRoutes(deps: OrderDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Signed-in customers only, checked before the body is read.
    app.addHook('onRequest', requireUser);

    app.post(
      '/api/create-payment-intent',
      { schema: { body: createPaymentIntentSchema, response: { 200: paymentIntentAnswerSchema } } },
      async (request) => createPaymentIntent(deps, request.user!, request.body),
    );

    app.post(
      '/api/checkout/payment-method',
      { schema: { body: paymentMethodEvidenceSchema, response: { 200: paymentMethodEvidenceAnswerSchema } } },
      async (request) => taxByPaymentMethod(deps, request.user!, request.body),
    );

    app.post(
      '/api/checkout/confirm-payment',
      { schema: { body: confirmPaymentSchema, response: { 200: confirmPaymentAnswerSchema } } },
      async (request) => confirmPayment(deps, request.user!, request.body),
    );

    app.post(
      '/api/orders/confirm',
      { schema: { body: confirmOrderSchema, response: { 200: orderSummarySchema } } },
      async (request) => confirmOrder(deps, request.user!, request.body.paymentIntentId),
    );

    // Free orders cost nothing to ask for: limited per IP and per account, so a free code cannot be drained by a script.
    app.post(
      '/api/orders/free',
      {
        schema: { body: createPaymentIntentSchema, response: { 200: orderSummarySchema } },
        preValidation: limitAttempts(app, 'free-order', deps.config.attemptsPerMinute, signedInAccount),
      },
      async (request) => completeFreeOrder(deps, request.user!, request.body),
    );

    app.get(
      '/api/orders/:email',
      { schema: { params: orderEmailParamsSchema, response: { 200: orderListSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { orders: await listOrdersByEmail(deps, request.user!, request.params.email) };
      },
    );

    app.post(
      '/api/orders/:orderNumber/receipt',
      {
        schema: { params: orderNumberParamsSchema, response: { 200: messageResponseSchema } },
        preValidation: limitAttempts(app, 'receipt', deps.config.attemptsPerMinute),
      },
      async (request) => {
        await resendReceipt(deps, request.user!, request.params.orderNumber);
        return { message: 'The receipt is on its way to your e-mail address.' };
      },
    );
  };
}
