import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#shared/store/api-error-schema.ts';
import { artworkIdParamsSchema as idParams } from '#shared/catalogue/artwork-schema.ts';
import {
  adminArtworkListSchema,
  adminArtworkSchema,
  artworkCreateSchema,
  artworkUpdateBodySchema,
  bulkChangeResponseSchema,
  bulkChangeSchema,
} from '#shared/catalogue/artwork-write-schema.ts';
import { requireAdmin } from '../auth';
import * as write from './write-service';
import type { ArtworkWriteDeps } from './write-service';

/** Owner-only: every route here passes the one admin guard first. */
export function adminArtworkRoutes(writes: ArtworkWriteDeps): FastifyPluginAsyncZod {
  const { db } = writes;
  return async (app) => {
    // Before the body is read or checked: nobody but the owner learns what this API expects.
    app.addHook('onRequest', requireAdmin);

    app.get('/api/admin/artworks', { schema: { response: { 200: adminArtworkListSchema } } }, async () => ({
      items: await write.listAdminArtworks(db),
    }));

    app.get(
      '/api/admin/artworks/:id',
      { schema: { params: idParams, response: { 200: adminArtworkSchema, 404: errorBodySchema } } },
      async (request) => write.getAdminArtwork(db, request.params.id),
    );

    app.post(
      '/api/artworks',
      { schema: { body: artworkCreateSchema, response: { 201: adminArtworkSchema } } },
      async (request, reply) => {
        const artwork = await write.createArtwork(writes, request.body);
        return reply.status(201).send(artwork);
      },
    );

    app.put(
      '/api/artworks/:id',
      { schema: { params: idParams, body: artworkUpdateBodySchema, response: { 200: adminArtworkSchema } } },
      async (request) => write.updateArtwork(writes, request.params.id, request.body),
    );

    app.delete('/api/artworks/:id', { schema: { params: idParams } }, async (request, reply) => {
      await write.deleteArtwork(writes, request.params.id);
      return reply.status(204).send();
    });

    app.patch(
      '/api/artworks',
      { schema: { body: bulkChangeSchema, response: { 200: bulkChangeResponseSchema } } },
      async (request) => write.bulkChangeArtworks(writes, request.body),
    );
  };
}
