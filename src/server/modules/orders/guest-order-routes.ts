import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '#shared/accounts/auth-schema.ts';
import { GUEST_ORDER_MESSAGES } from '#shared/orders/guest-orders.ts';
import { guestLinkAnswerSchema, guestLinkChangeSchema, linksAgainSchema } from '#shared/orders/guest-orders-schema.ts';
import { orderNumberParamsSchema } from '#shared/orders/owner-orders-schema.ts';
import type { SecretSource } from '../../providers/storage/signed-local-link';
import { HOUR_MS, limitAttempts } from '../../http/rate-limits';
import { requireAdmin } from '../auth';
import { changeGuestLink, sendLinksAgain } from './guest-orders';
import type { OrderDeps } from './order-deps';

/** "Send me my links again" for a signed-out visitor, and the owner's revocation or re-issue of a guest link. */
export function guestOrderRoutes(deps: OrderDeps & { guestLinkSecret: SecretSource }): FastifyPluginAsyncZod {
  return async (app) => {
    // Every request may send an e-mail to the address typed: an hour's worth per IP and per address, so the form
    // cannot be used to flood someone's inbox. The answer is the same whether the address bought anything or not.
    app.post(
      '/api/guest-orders/links',
      {
        schema: { body: linksAgainSchema, response: { 200: messageResponseSchema } },
        preValidation: limitAttempts(app, 'links-again', deps.config.linksAgainPerHour, undefined, HOUR_MS),
      },
      async (request) => {
        await sendLinksAgain(deps, request.body.email);
        return { message: GUEST_ORDER_MESSAGES.linksAgainSent };
      },
    );

    app.post(
      '/api/admin/orders/:orderNumber/guest-link',
      {
        onRequest: requireAdmin,
        schema: {
          params: orderNumberParamsSchema,
          body: guestLinkChangeSchema,
          response: { 200: guestLinkAnswerSchema },
        },
      },
      async (request) => changeGuestLink(deps, request.params.orderNumber, request.body.action),
    );
  };
}
