import { customerOfUser } from '#shared/accounts/customer.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import { cartQuoteBodySchema, cartQuoteSchema, type CartQuoteBody } from '#shared/orders/cart-quote-schema.ts';
import { limitPerAddress } from '../../http/rate-limits';
import type { CartPricingDeps } from './price-cart';
import { quoteCart } from './quote-cart';

export type CartQuoteRouteDeps = CartPricingDeps & {
  /** Quotes with a code or a VAT number allowed a minute per address (QUOTE_CODE_RATE_LIMIT). */
  checksPerMinute: number;
};

/**
 * POST /api/cart/quote: the cart priced as its order would be now (quote-cart.ts); nothing is stored or held. It
 * needs no sign-in, so a quote that tries a discount code or a VAT number is counted per address: past the limit,
 * 429. Without it codes could be guessed at full speed and every number typed passed on to VIES. A quote of
 * quantities and a country only is not counted: the cart asks one at every + or −.
 */
export function cartQuoteRoutes(deps: CartQuoteRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const limited = limitPerAddress(app, 'quote-check', {
      perMinute: deps.checksPerMinute,
      message: CHECKOUT_MESSAGES.tooManyQuoteChecks,
      counts: (request) => checksSomething(request.body as CartQuoteBody),
    });
    app.post(
      '/api/cart/quote',
      // A preHandler, not preValidation: it reads the body as validated, trimmed, so blanks are not counted.
      { schema: { body: cartQuoteBodySchema, response: { 200: cartQuoteSchema } }, preHandler: limited },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return quoteCart(deps, request.body, request.user ? customerOfUser(request.user) : undefined);
      },
    );
  };
}

/** Whether the quote tries a discount code or a VAT number: what guessing and VIES lookups are made of. */
function checksSomething(body: CartQuoteBody): boolean {
  return Boolean(body.code) || Boolean(body.vatNumber);
}
