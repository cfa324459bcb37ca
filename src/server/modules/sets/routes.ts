import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { artworkIdParamsSchema } from '#shared/catalogue/artwork-schema.ts';
import {
  artworkSetSchema,
  ownerSetListSchema,
  ownerSetSchema,
  setIdParamsSchema,
  setCompletionSchema,
  setListSchema,
  setPathParamsSchema,
  setWriteSchema,
} from '#shared/sets/set-schema.ts';
import { SET_MESSAGES } from '#shared/sets/sets.ts';
import { errorBodySchema } from '#shared/store/api-error-schema.ts';
import type { Database } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { Customer } from '#shared/accounts/customer.ts';
import { customerOfUser } from '#shared/accounts/customer.ts';
import { requireAdmin, requireUser } from '../auth';
import type { EventBus } from '../../events/event-bus';
import {
  changeSet,
  createSet,
  getOwnerSet,
  getSetOnSale,
  listOwnerSets,
  listSetsOnSale,
  removeSet,
  setsOnSaleWith,
} from './service';
import { setCompletionFor } from './set-completion';
import type { OwnedPiecesLookup } from './set-cart-lines';

/** A path's id as a number; anything else names no set (or artwork), so it is a 404 like an unknown one. */
function idOf(raw: string): number {
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new NotFoundError(SET_MESSAGES.notFound);
  return Number(raw);
}

/** What a customer owns among some artworks: the orders module's answer, given by the app (decision 0070). */
export type OwnedPiecesOf = (customer: Customer) => OwnedPiecesLookup;

/**
 * What visitors read: the sets on sale, one set, and the sets an artwork is in, kept for every visitor; and the
 * signed-in buyer's price for the rest of a set, which is theirs alone (never kept).
 */
export function setRoutes({
  db,
  ownedPiecesOf,
}: {
  db: Kysely<Database>;
  ownedPiecesOf: OwnedPiecesOf;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/sets/:id/completion',
      {
        schema: { params: setPathParamsSchema, response: { 200: setCompletionSchema, 404: errorBodySchema } },
        onRequest: requireUser,
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return setCompletionFor(db, idOf(request.params.id), ownedPiecesOf(customerOfUser(request.user!)));
      },
    );
    const shared = { sharedAnswer: 'everyone' as const };
    app.get('/api/sets', { schema: { response: { 200: setListSchema } }, config: shared }, async () => ({
      items: await listSetsOnSale(db),
    }));
    app.get(
      '/api/sets/:id',
      {
        schema: { params: setPathParamsSchema, response: { 200: artworkSetSchema, 404: errorBodySchema } },
        config: shared,
      },
      async (request) => getSetOnSale(db, idOf(request.params.id)),
    );
    app.get(
      '/api/artworks/:id/sets',
      { schema: { params: artworkIdParamsSchema, response: { 200: setListSchema } }, config: shared },
      async (request) => {
        const id = /^[1-9]\d{0,8}$/.test(request.params.id) ? Number(request.params.id) : null;
        return { items: id === null ? [] : await setsOnSaleWith(db, id) };
      },
    );
  };
}

/** The owner's sets: every set with what keeps it off sale, and their writes. */
export function adminSetRoutes({ db, events }: { db: Kysely<Database>; events: EventBus }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });
    const one = { params: setIdParamsSchema, response: { 200: ownerSetSchema, 404: errorBodySchema } };
    app.get('/api/admin/sets', { schema: { response: { 200: ownerSetListSchema } } }, async () => ({
      items: await listOwnerSets(db),
    }));
    app.get('/api/admin/sets/:id', { schema: one }, async (request) => getOwnerSet(db, request.params.id));
    app.post(
      '/api/admin/sets',
      { schema: { body: setWriteSchema, response: { 201: ownerSetSchema, 400: errorBodySchema } } },
      async (request, reply) => reply.status(201).send(await createSet({ db, events }, request.body)),
    );
    app.put('/api/admin/sets/:id', { schema: { ...one, body: setWriteSchema } }, async (request) =>
      changeSet({ db, events }, request.params.id, request.body),
    );
    app.delete('/api/admin/sets/:id', { schema: { params: setIdParamsSchema } }, async (request, reply) => {
      await removeSet(db, request.params.id);
      return reply.status(204).send();
    });
  };
}
