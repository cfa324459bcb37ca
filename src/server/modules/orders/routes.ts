import type { ConsentKind } from '#shared/mailing/consent-kinds.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOfUser, type Customer } from '#shared/accounts/customer.ts';
import { AUTH_MESSAGES } from '#shared/accounts/auth.ts';
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
import { HOUR_MS, limitAttempts, signedInOrGivenAccount } from '../../http/rate-limits';
import { SignInRequiredError } from '../../errors';
import { completeFreeOrder } from './free-order';
import { withGuestLink } from './guest-answer';
import type { OrderDeps } from './order-deps';
import { confirmOrder, createPaymentIntent, listOrdersByEmail, resendReceipt } from './service';

export function orderRoutes(deps: OrderDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { guestCheckout } = deps.config;
    // Signed-in customers only, checked before the body is read; with guest checkout on, the checkout's routes
    // also take a signed-out buyer, known by the e-mail the body gives (decision 0058).
    const checkoutGuard = guestCheckout ? [] : [requireUser];
    const customerOf = (request: FastifyRequest, email: string | undefined): Customer => {
      if (request.user) return customerOfUser(request.user);
      if (!guestCheckout || email === undefined) throw new SignInRequiredError(AUTH_MESSAGES.signInRequired);
      return { userId: null, email };
    };
    // Boxes ticked at checkout, once the order exists: a refused order asks for nothing.
    const askListConsents = async (customer: Customer, kinds: readonly ConsentKind[] | undefined) => {
      if (kinds && kinds.length > 0)
        await deps.askListConsents?.({ email: customer.email, kinds, userId: customer.userId });
    };
    // A guest's orders are counted an hour per IP and per address: a free one mails its receipt to the address
    // given, so without this the store could be made to mail strangers.
    const guestLimit = limitAttempts(app, 'guest-order', deps.config.guestOrdersPerHour, undefined, HOUR_MS);
    const limitGuests = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.user) await guestLimit(request, reply);
    };

    app.post(
      '/api/create-payment-intent',
      {
        onRequest: checkoutGuard,
        preValidation: limitGuests,
        schema: { body: createPaymentIntentSchema, response: { 200: paymentIntentAnswerSchema } },
      },
      async (request) => {
        const customer = customerOf(request, request.body.email);
        const answer = await createPaymentIntent(deps, customer, request.body);
        await askListConsents(customer, request.body.listConsents);
        return answer;
      },
    );

    app.post(
      '/api/checkout/payment-method',
      {
        onRequest: checkoutGuard,
        schema: { body: paymentMethodEvidenceSchema, response: { 200: paymentMethodEvidenceAnswerSchema } },
      },
      async (request) => taxByPaymentMethod(deps, request.user ? customerOfUser(request.user) : null, request.body),
    );

    app.post(
      '/api/checkout/confirm-payment',
      {
        onRequest: checkoutGuard,
        schema: { body: confirmPaymentSchema, response: { 200: confirmPaymentAnswerSchema } },
      },
      async (request) => {
        const customer = customerOf(request, request.body.email);
        const answer = await confirmPayment(deps, customer, request.body);
        return answer.order ? { ...answer, order: await withGuestLink(deps, customer, answer.order) } : answer;
      },
    );

    app.post(
      '/api/orders/confirm',
      { onRequest: checkoutGuard, schema: { body: confirmOrderSchema, response: { 200: orderSummarySchema } } },
      async (request) => {
        const customer = customerOf(request, request.body.email);
        return withGuestLink(deps, customer, await confirmOrder(deps, customer, request.body.paymentIntentId));
      },
    );

    // Free orders cost nothing to ask for: limited per IP and per account (a guest's: per address, and an hour's
    // worth too), so a free code cannot be drained by a script.
    app.post(
      '/api/orders/free',
      {
        onRequest: checkoutGuard,
        schema: { body: createPaymentIntentSchema, response: { 200: orderSummarySchema } },
        preValidation: [
          limitAttempts(app, 'free-order', deps.config.attemptsPerMinute, signedInOrGivenAccount),
          limitGuests,
        ],
      },
      async (request) => {
        const customer = customerOf(request, request.body.email);
        const order = await completeFreeOrder(deps, customer, request.body);
        await askListConsents(customer, request.body.listConsents);
        return withGuestLink(deps, customer, order);
      },
    );

    app.get(
      '/api/orders/:email',
      { onRequest: requireUser, schema: { params: orderEmailParamsSchema, response: { 200: orderListSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { orders: await listOrdersByEmail(deps, request.user!, request.params.email) };
      },
    );

    app.post(
      '/api/orders/:orderNumber/receipt',
      {
        onRequest: requireUser,
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
