import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartQuoteBodySchema, cartQuoteSchema } from '#shared/orders/cart-quote-schema.ts';
import type { CartPricingDeps } from './price-cart';
import { quoteCart } from './quote-cart';

/** POST /api/cart/quote: the cart priced as its order would be now (quote-cart.ts); nothing is stored or held. */
export function cartQuoteRoutes(deps: CartPricingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/cart/quote',
      { schema: { body: cartQuoteBodySchema, response: { 200: cartQuoteSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return quoteCart(deps, request.body, request.user?.id);
      },
    );
  };
}
