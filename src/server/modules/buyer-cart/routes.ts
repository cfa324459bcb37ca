import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartMergeBodySchema,
  savedCartBodySchema,
  savedCartSchema,
  savedFavoritesBodySchema,
} from '#shared/cart/saved-cart-schema.ts';
import { requireUser } from '../auth';
import { getSavedCart, mergeIntoAccount, saveCart, saveFavorites, type BuyerCartDeps } from './service';

// The signed-in buyer's cart and favourites. Visitors keep theirs in the browser only.

export function buyerCartRoutes(deps: BuyerCartDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get('/api/account/cart', { schema: { response: { 200: savedCartSchema } } }, async (request) =>
      getSavedCart(deps, request.user!.id),
    );

    app.put(
      '/api/account/cart',
      { schema: { body: savedCartBodySchema, response: { 200: savedCartSchema } } },
      async (request) => saveCart(deps, request.user!.id, request.body.lines),
    );

    app.put(
      '/api/account/favorites',
      { schema: { body: savedFavoritesBodySchema, response: { 200: savedCartSchema } } },
      async (request) => saveFavorites(deps, request.user!.id, request.body.favorites),
    );

    app.post(
      '/api/account/cart/merge',
      { schema: { body: cartMergeBodySchema, response: { 200: savedCartSchema } } },
      async (request) => mergeIntoAccount(deps, request.user!.id, request.body),
    );
  };
}
