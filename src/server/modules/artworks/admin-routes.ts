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
import { adminArtworkListQuerySchema, bulkReleaseSchema } from '#shared/catalogue/artwork-release-schema.ts';
import { artworkDetailSchema } from '#shared/catalogue/artwork-schema.ts';
import { requireAdmin } from '../auth';
import { releaseArtworks } from './release/release-service';
import { getArtworkDetail } from './service';
import * as write from './write-service';
import type { ArtworkWriteDeps } from './write-service';

/** Owner-only: every route here passes the one admin guard first. */
export function adminArtworkRoutes(writes: ArtworkWriteDeps & { publicUrl: string }): FastifyPluginAsyncZod {
  const { db } = writes;
  return async (app) => {
    // Before the body is read or checked: nobody but the owner learns what this API expects.
    app.addHook('onRequest', requireAdmin);

    app.get(
      '/api/admin/artworks',
      { schema: { querystring: adminArtworkListQuerySchema, response: { 200: adminArtworkListSchema } } },
      async (request) => ({ items: await write.listAdminArtworks(db, request.query.status) }),
    );

    // The artwork's page as a visitor would see it once published: the owner's preview of a draft or scheduled one.
    app.get(
      '/api/admin/artworks/:id/preview',
      { schema: { params: idParams, response: { 200: artworkDetailSchema, 404: errorBodySchema } } },
      async (request) => getArtworkDetail(db, request.params.id, writes.publicUrl, { preview: true }),
    );

    // Publish now, keep as drafts, or schedule, several artworks at once (the review of a bulk upload or an import).
    app.post(
      '/api/admin/artworks/release',
      { schema: { body: bulkReleaseSchema, response: { 200: bulkChangeResponseSchema } } },
      async (request) => {
        await releaseArtworks(writes, request.body.ids, request.body.release);
        return { changed: new Set(request.body.ids).size };
      },
    );

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
